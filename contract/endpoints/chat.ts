import { apiErrorSchema } from '../api-error.ts';
import {
  chatAnswerRequest,
  chatHistoryRequest,
  chatStartRequest,
  chatTurnResponse,
  clientConfigSchema,
  getConfigQuery,
  restartDeleteRequest,
  restartDeleteResponse,
  surveyLanguageRequest,
  surveyLanguageResponse,
} from '../chat.ts';
import {
  flagAnswerRequest,
  flagAnswerResponse,
  flaggedAnswersRequest,
  flaggedAnswersResponse,
  routedAnswersRequest,
  routedAnswersResponse,
} from '../chat-feedback.ts';
import { endpoint } from '../endpoint.ts';
import { privacyDeclarationRequest, privacyDeclarationResponse } from '../privacy.ts';
import { respondentRoutes } from './respondent-routes.ts';

const tags = ['chat'];
/** 404: no such dialog (or no chat begun); 503: the server or the language model is busy. */
const chatErrors = { 404: apiErrorSchema, 503: apiErrorSchema };

const WHO =
  'With a live token: the participant\'s chat (mode live; 403 "Dialog ist nicht mehr aktiv." on an ' +
  'inactive dialog, 403 live_not_registered for a dialog the token was not registered for). With an ' +
  "author token: the assessment chat (mode test, needs the 'test' capability; works on inactive dialogs).";

/** The chat turns (ARCHITECTURE.md), the client config and language calls, restart_delete (SPEC §7). */
export const chatEndpoints = {
  chatStart: endpoint({
    ...respondentRoutes.chatStart,
    caller: 'participant',
    trustedResponse: true,
    tags,
    summary: 'Begin the chat, or return it as it is when it has begun (whole history and current input)',
    description: WHO,
    body: chatStartRequest,
    response: chatTurnResponse,
    errors: chatErrors,
  }),
  chatAnswer: endpoint({
    ...respondentRoutes.chatAnswer,
    caller: 'participant',
    trustedResponse: true,
    tags,
    summary: 'Answer the current question; returns the new entries and the next input',
    description: `${WHO} A wrong answer (e-mail, number, date, option) is not stored and the question is asked again with a hint. 409 when unique_question_id (with nachfrage_id and turn) is not the current input. 503 server_busy when the turn needs the language model (GPT follow-up, Q&A) and LLM_MAX_PARALLEL requests are under way; nothing is stored then.`,
    body: chatAnswerRequest,
    response: chatTurnResponse,
    errors: { ...chatErrors, 409: apiErrorSchema },
  }),
  chatHistory: endpoint({
    ...respondentRoutes.chatHistory,
    caller: 'participant',
    trustedResponse: true,
    tags,
    summary: 'The stored history and the current input, to resume after a reload',
    description: `${WHO} 404 when no chat has begun.`,
    body: chatHistoryRequest,
    response: chatTurnResponse,
    errors: chatErrors,
  }),
  restartDelete: endpoint({
    ...respondentRoutes.restartDelete,
    caller: 'participant',
    tags,
    summary: "restart: a fresh chat (the old one stays as unfinished); delete: remove the participant's data",
    description:
      'live true with the live token, false with an author token (test chat). delete needs the live token, ' +
      'removes sessions, messages and answers of this dialog and revokes the refresh tokens.',
    body: restartDeleteRequest,
    response: restartDeleteResponse,
    errors: chatErrors,
  }),
  getConfig: endpoint({
    ...respondentRoutes.getConfig,
    caller: 'public',
    tags,
    summary: "The look of a dialog's chat (client config); public",
    query: getConfigQuery,
    response: clientConfigSchema,
    errors: chatErrors,
  }),
  surveyLanguage: endpoint({
    ...respondentRoutes.surveyLanguage,
    caller: 'public',
    tags,
    summary: "Language fragments of the live top bar in the dialog's language; public",
    body: surveyLanguageRequest,
    response: surveyLanguageResponse,
    errors: chatErrors,
  }),
  /** The consent step and /privacy/{id} (contract/privacy.ts). */
  privacyDeclaration: endpoint({
    ...respondentRoutes.privacyDeclaration,
    caller: 'public',
    tags,
    summary: "A dialog's privacy declaration (plain text) and language; public",
    body: privacyDeclarationRequest,
    response: privacyDeclarationResponse,
    errors: chatErrors,
  }),
  /** 'Falsch zugeordnet' in the assessment chat (contract/chat-feedback.ts). */
  chatFlagAnswer: endpoint({
    method: 'POST',
    path: '/api/chat/flag_answer',
    caller: 'author',
    dialog: 'test',
    tags,
    summary: 'Mark a routed free-text answer as wrongly routed (training inbox, flagged)',
    description:
      "Needs an author token with the 'test' capability on the dialog. Name the answer by answer_id, " +
      'or by unique_question_id and the seq of its entry in your current test chat.',
    body: flagAnswerRequest,
    response: flagAnswerResponse,
    errors: { 503: apiErrorSchema },
  }),
  chatFlaggedAnswers: endpoint({
    method: 'POST',
    path: '/api/chat/flagged_answers',
    caller: 'author',
    dialog: 'test',
    tags,
    summary: 'The flagged answers of your current test chat, by the seq of their entries',
    description: "Needs an author token with the 'test' capability on the dialog.",
    body: flaggedAnswersRequest,
    response: flaggedAnswersResponse,
    errors: { 503: apiErrorSchema },
  }),
  chatRoutedAnswers: endpoint({
    method: 'POST',
    path: '/api/chat/routed_answers',
    caller: 'author',
    dialog: 'test',
    tags,
    summary: 'Where the free-text answers of your current test chat were routed, by the seq of their entries',
    description:
      "Needs an author token with the 'test' capability on the dialog. Each routed free-text answer's " +
      "branch ('none' for 'keiner davon'), confidence and source (model, labels, embeddings, llm).",
    body: routedAnswersRequest,
    response: routedAnswersResponse,
    errors: { 503: apiErrorSchema },
  }),
};
