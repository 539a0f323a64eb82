import type { GameAlias, GameMeta } from '../../../contract/managers.ts';
import type { MultichatAnswerRequest, MultichatTurnResponse } from '../../../contract/multichat.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * The multi-dialog chat calls of contract/multichat.ts, on the live or the author client. Types only from
 * contract/: the respondent bundle carries no zod.
 */
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
  api.get<GameMeta>(`/api/game_meta/${game}`, { auth: false });
