import { apiErrors } from '../api-error.ts';
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
import { endpointGroup, postGroup } from '../endpoint.ts';
import { privacyDeclarationRequest, privacyDeclarationResponse } from '../privacy.ts';
import { respondentRoutes } from './respondent-routes.ts';

const tags = ['chat'];
/** 404: no such dialog (or no chat begun); 503: the server or the language model is busy. */
const chatErrors = apiErrors(404, 503);
/** The respondent pages' calls: method and path from respondentRoutes. */
const participantCall = endpointGroup({ caller: 'participant', tags, errors: chatErrors });
const publicCall = endpointGroup({ caller: 'public', tags, errors: chatErrors });
/** The assessment chat's feedback: the 'test' capability; 503 while the server is busy. */
const testCall = postGroup('chat', { dialog: 'test', errors: apiErrors(503) });

const WHO =
  'With a live token: the participant\'s chat (mode live; 403 "Dialog ist nicht mehr aktiv." on an ' +
  'inactive dialog, 403 live_not_registered for a dialog the token was not registered for). With an ' +
  "author token: the assessment chat (mode test, needs the 'test' capability; works on inactive dialogs).";

/** The chat turns (ARCHITECTURE.md), the client config and language calls, restart_delete (SPEC §7). */
export const chatEndpoints = {
  chatStart: participantCall({
    ...respondentRoutes.chatStart,
    trustedResponse: true,
    summary: 'Begin the chat, or return it as it is when it has begun (whole history and current input)',
    description: WHO,
    body: chatStartRequest,
    response: chatTurnResponse,
  }),
  chatAnswer: participantCall({
    ...respondentRoutes.chatAnswer,
    trustedResponse: true,
    summary: 'Answer the current question; returns the new entries and the next input',
    description: `${WHO} A wrong answer (e-mail, number, date, option) is not stored and the question is asked again with a hint. 409 when unique_question_id (with nachfrage_id and turn) is not the current input. 503 server_busy when the turn needs the language model (GPT follow-up, Q&A) and LLM_MAX_PARALLEL requests are under way; nothing is stored then.`,
    body: chatAnswerRequest,
    response: chatTurnResponse,
    errors: apiErrors(404, 409, 503),
  }),
  chatHistory: participantCall({
    ...respondentRoutes.chatHistory,
    trustedResponse: true,
    summary: 'The stored history and the current input, to resume after a reload',
    description: `${WHO} 404 when no chat has begun.`,
    body: chatHistoryRequest,
    response: chatTurnResponse,
  }),
  restartDelete: participantCall({
    ...respondentRoutes.restartDelete,
    summary: "restart: a fresh chat (the old one stays as unfinished); delete: remove the participant's data",
    description:
      'live true with the live token, false with an author token (test chat). delete needs the live token, ' +
      'removes sessions, messages and answers of this dialog and revokes the refresh tokens.',
    body: restartDeleteRequest,
    response: restartDeleteResponse,
  }),
  getConfig: publicCall({
    ...respondentRoutes.getConfig,
    summary: "The look of a dialog's chat (client config); public",
    query: getConfigQuery,
    response: clientConfigSchema,
  }),
  surveyLanguage: publicCall({
    ...respondentRoutes.surveyLanguage,
    summary: "Language fragments of the live top bar in the dialog's language; public",
    body: surveyLanguageRequest,
    response: surveyLanguageResponse,
  }),
  /** The consent step and /privacy/{id} (contract/privacy.ts). */
  privacyDeclaration: publicCall({
    ...respondentRoutes.privacyDeclaration,
    summary: "A dialog's privacy declaration (plain text) and language; public",
    body: privacyDeclarationRequest,
    response: privacyDeclarationResponse,
  }),
  /** 'Falsch zugeordnet' in the assessment chat (contract/chat-feedback.ts). */
  chatFlagAnswer: testCall({
    path: '/api/chat/flag_answer',
    summary: 'Mark a routed free-text answer as wrongly routed (training inbox, flagged)',
    description:
      "Needs an author token with the 'test' capability on the dialog. Name the answer by answer_id, " +
      'or by unique_question_id and the seq of its entry in your current test chat.',
    body: flagAnswerRequest,
    response: flagAnswerResponse,
  }),
  chatFlaggedAnswers: testCall({
    path: '/api/chat/flagged_answers',
    summary: 'The flagged answers of your current test chat, by the seq of their entries',
    description: "Needs an author token with the 'test' capability on the dialog.",
    body: flaggedAnswersRequest,
    response: flaggedAnswersResponse,
  }),
  chatRoutedAnswers: testCall({
    path: '/api/chat/routed_answers',
    summary: 'Where the free-text answers of your current test chat were routed, by the seq of their entries',
    description:
      "Needs an author token with the 'test' capability on the dialog. Each routed free-text answer's " +
      "branch ('none' for 'keiner davon'), confidence and source (model, labels, embeddings, llm).",
    body: routedAnswersRequest,
    response: routedAnswersResponse,
  }),
};
