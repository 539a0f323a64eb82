import { respondentRoutes as routes } from '../../../contract/endpoints/respondent-routes.ts';
import type { GameAlias } from '../../../contract/managers.ts';
import type { MultichatAnswerRequest } from '../../../contract/multichat.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * The multi-dialog chat calls on the live or the author client. Zod-free routes: the respondent bundle
 * carries no schemas.
 */
export function multichatApi(api: ApiClient, managerId: number) {
  const dialog_manager_id = managerId;
  return {
    start: () => api.call(routes.multichatStart, { dialog_manager_id }),
    history: () => api.call(routes.multichatHistory, { dialog_manager_id }),
    restart: () => api.call(routes.multichatRestart, { dialog_manager_id }),
    /** Withdrawn consent: the player's data in every dialog of the game is deleted (live token). */
    deletePlayer: () => api.call(routes.multichatDelete, { dialog_manager_id }),
    /** body.survey_id: the dialog of the input answered. */
    answer: (body: Omit<MultichatAnswerRequest, 'dialog_manager_id'>) =>
      api.call(routes.multichatAnswer, { dialog_manager_id, ...body }),
    wait: (after_id: number, signal: AbortSignal) =>
      api.call(routes.multichatWait, { dialog_manager_id, after_id }, { signal }),
  };
}
export type MultichatApi = ReturnType<typeof multichatApi>;

/** A game's public head data, dialogs and media host (a manager id, or the alias of a fixed game). */
export const gameMeta = (api: ApiClient, game: number | GameAlias) =>
  api.call(routes.gameMeta, { id: String(game) }, { auth: false });
