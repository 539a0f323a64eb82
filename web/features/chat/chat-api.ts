import type {
  ChatAnswerRequest,
  ChatTurnResponse,
  ClientConfig,
  SurveyLanguageResponse,
} from '../../../contract/chat.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { GameAlias } from '../../../contract/managers.ts';
import type { MultichatAnswerRequest, MultichatTurnResponse } from '../../../contract/multichat.ts';
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

/** The multi-dialog chat calls of contract/multichat.ts, on the live or the author client. */
export function multichatApi(api: ApiClient, managerId: number) {
  const dialog_manager_id = managerId;
  return {
    start: () => api.post<MultichatTurnResponse>('/api/multichat/start', { dialog_manager_id }),
    history: () => api.post<MultichatTurnResponse>('/api/multichat/history', { dialog_manager_id }),
    restart: () => api.post<MultichatTurnResponse>('/api/multichat/restart', { dialog_manager_id }),
    /** Withdrawn consent: the player's data in every dialog of the game is deleted (live token). */
    deletePlayer: () => api.post<{ msg: 'success' }>('/api/multichat/delete', { dialog_manager_id }),
    /** body.survey_id: the dialog of the input answered. */
    answer: (body: Omit<MultichatAnswerRequest, 'dialog_manager_id'>) =>
      api.post<MultichatTurnResponse>('/api/multichat/answer', { dialog_manager_id, ...body }),
    wait: (after_id: number, signal: AbortSignal) =>
      api.post<MultichatTurnResponse>('/api/multichat/wait', { dialog_manager_id, after_id }, { signal }),
  };
}
export type MultichatApi = ReturnType<typeof multichatApi>;

/** A game's public head data, dialogs and media host (a manager id, or the alias of a fixed game). */
export const gameMeta = (api: ApiClient, game: number | GameAlias) =>
  api.call(endpoints.gameMeta, { id: String(game) }, { auth: false });

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
