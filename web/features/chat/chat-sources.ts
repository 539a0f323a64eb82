import type { ChatTurnResponse } from '../../../contract/chat.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { liveApi } from '../../api/live-client.ts';
import { registerLive } from '../../api/live-session.ts';
import { readStored, STORAGE_KEYS } from '../../state/storage.ts';
import { type ChatApi, chatApi } from './chat-api.ts';
import { clearHistory, dropUnfinishedFollowUp, reusableHistories, writeHistory } from './history-store.ts';
import type { ChatSource } from './use-chat-session.ts';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;
const notRegistered = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.title === ERROR_TITLES.liveNotRegistered;

/** The stored history, or a new chat when none has begun (404). */
export async function historyOrStart(api: ChatApi): Promise<{ res: ChatTurnResponse; resumed: boolean }> {
  try {
    return { res: await api.history(), resumed: true };
  } catch (error) {
    if (!notFound(error)) throw error;
    return { res: await api.start(), resumed: false };
  }
}

export const hasLiveToken = () => readStored(STORAGE_KEYS.tokenLive) !== null;

/** Live credentials registered on demand (SPEC §4); a failed registration shows SPEC §8's message. */
async function registerFor(surveyId: string): Promise<void> {
  const registration = await registerLive([surveyId]);
  if (!registration.ok) throw new Error(registration.message);
}

/**
 * A respondent's chat on the live token. A returning respondent (stored history for the dialog, SPEC §5)
 * sees it at once without an unfinished follow-up, then the server's history replaces it; anybody else
 * begins anew. Credentials of another dialog are replaced by a registration for this one.
 */
export function liveChatSource(surveyId: string): ChatSource {
  const api = chatApi(liveApi, surveyId);
  const stored = hasLiveToken() ? reusableHistories([surveyId]) : null;
  const local = stored?.[surveyId];
  if (!local) clearHistory(surveyId);

  async function begin(): Promise<{ res: ChatTurnResponse; resumed: boolean }> {
    if (!hasLiveToken()) await registerFor(surveyId);
    try {
      return local ? await historyOrStart(api) : { res: await api.start(), resumed: false };
    } catch (error) {
      if (!notRegistered(error)) throw error;
      clearHistory(surveyId);
      await registerFor(surveyId);
      return { res: await api.start(), resumed: false };
    }
  }

  return {
    open: begin,
    history: api.history,
    answer: api.answer,
    preview: local ? dropUnfinishedFollowUp(local) : undefined,
    persist: (messages) => writeHistory(surveyId, messages),
  };
}

/**
 * Whether a failed restart or delete means the server holds nothing of this respondent for the dialog
 * any more (credentials gone, not registered, no chat): the local data is cleared all the same.
 */
export function nothingLeft(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}
