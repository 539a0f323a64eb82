import type { MultichatTurnResponse } from '../../../contract/multichat.ts';
import { liveApi } from '../../api/live-client.ts';
import {
  hasLiveToken,
  needsNewRegistration,
  registerFor,
  resumeStored,
} from '../../chat-kit/session/chat-sources.ts';
import type { ChatSource } from '../../chat-kit/session/chat-types.ts';
import {
  clearHistory,
  mergeGameHistories,
  reusableHistories,
  writeGameHistories,
} from '../../chat-kit/session/history-store.ts';
import { type MultichatApi, multichatApi } from './game-api.ts';

/** A multi-dialog chat's source on a client: answers carry the dialog of their input; the long poll. */
export function multichatSource(
  api: MultichatApi,
  open: () => Promise<{ res: MultichatTurnResponse; resumed: boolean }>,
): ChatSource<MultichatTurnResponse> {
  return {
    open,
    history: api.history,
    answer: (body, input) => api.answer({ ...body, survey_id: input.survey_id }),
    follow: api.wait,
  };
}

/**
 * A live player's game (/multi_live, /flow, /aufderflucht). SPEC §5: the stored credentials and history
 * are reused only when the history has an entry for every dialog of the game (a returning player, who
 * sees it at once and then the server's, which goes on where the game was, a waitAPI wait included);
 * anybody else registers anew for all its dialogs (register_live_list) and begins the game.
 */
export function liveMultichatSource(
  managerId: number,
  surveyIds: readonly string[],
): ChatSource<MultichatTurnResponse> {
  const api = multichatApi(liveApi, managerId);
  const stored = hasLiveToken() ? reusableHistories(surveyIds) : null;
  const clearAll = () => {
    for (const id of surveyIds) clearHistory(id);
  };
  if (!stored) clearAll();

  async function begin(): Promise<{ res: MultichatTurnResponse; resumed: boolean }> {
    if (!stored) await registerFor(surveyIds);
    try {
      return stored ? await resumeStored(api) : { res: await api.start(), resumed: false };
    } catch (error) {
      if (!needsNewRegistration(error)) throw error;
      clearAll();
      await registerFor(surveyIds);
      return { res: await api.start(), resumed: false };
    }
  }

  return {
    ...multichatSource(api, begin),
    preview: stored ? mergeGameHistories(stored) : undefined,
    persist: (messages) => writeGameHistories(surveyIds, messages),
  };
}
