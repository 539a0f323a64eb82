import type {
  ChatAnswerRequest,
  ChatTurnResponse,
  ClientConfig,
  SurveyLanguageResponse,
} from '../../../contract/chat.ts';
import type { PrivacyDeclarationResponse } from '../../../contract/privacy.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * The chat calls of contract/chat.ts and contract/privacy.ts on a client: the live client for
 * respondents, the author client for the assessment chat (the token decides the mode on the server).
 * Types only from contract/: the respondent bundle carries no zod.
 */
export function chatApi(api: ApiClient, surveyId: string) {
  const survey_id = surveyId;
  return {
    start: () => api.post<ChatTurnResponse>('/api/chat/start', { survey_id }),
    history: () => api.post<ChatTurnResponse>('/api/chat/history', { survey_id }),
    answer: (body: Omit<ChatAnswerRequest, 'survey_id'>) =>
      api.post<ChatTurnResponse>('/api/chat/answer', { survey_id, ...body }),
    restartDelete: (action: 'restart' | 'delete', live: boolean) =>
      api.post<{ msg: 'success' }>('/api/restart_delete', { survey_id, action, live }),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;

/** The public calls of a dialog's look and texts (no token needed). */
export function publicDialogApi(api: ApiClient, surveyId: string) {
  const survey_id = surveyId;
  return {
    config: () =>
      api.get<ClientConfig>(`/api/get_config?survey_id=${encodeURIComponent(survey_id)}`, { auth: false }),
    language: () =>
      api.post<SurveyLanguageResponse>('/api/get_survey_language', { survey_id }, { auth: false }),
    privacy: () =>
      api.post<PrivacyDeclarationResponse>('/api/get_privacy_declaration', { survey_id }, { auth: false }),
  };
}
