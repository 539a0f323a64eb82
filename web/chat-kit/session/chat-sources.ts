import type { ChatTurnResponse } from '../../../contract/chat.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { liveApi } from '../../api/live-client.ts';
import { registerLive } from '../../api/live-session.ts';
import { readStored, STORAGE_KEYS } from '../../state/storage.ts';
import { chatApi } from './chat-api.ts';
import type { ChatSource } from './chat-types.ts';
import { clearHistory, dropUnfinishedFollowUp, reusableHistories, writeHistory } from './history-store.ts';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;
/**
 * The stored credentials cannot chat here: registered for another dialog, or refused and cleared by the
 * live client (SPEC §4: cleared on failure). The chat then registers anew (on demand) and begins afresh.
 */
export const needsNewRegistration = (error: unknown) =>
  error instanceof ApiError &&
  ((error.status === 403 && error.title === ERROR_TITLES.liveNotRegistered) ||
    (error.status === 401 && !hasLiveToken()));

/**
 * The chat as the server has it, with one call and no probe that fails (the author's test chats, single
 * or multi-dialog, which keep no local history): start begins it, or returns it as it is when it has
 * begun. A begun chat that holds an answer is shown at once (resumed); a new one, or one that never got
 * beyond its first question, is paced.
 */
export async function historyOrStart<T extends ChatTurnResponse>(api: {
  start(): Promise<T>;
}): Promise<{ res: T; resumed: boolean }> {
  const res = await api.start();
  return { res, resumed: res.messages.some((m) => m.user_or_bot === 'user') };
}

/**
 * A returning respondent's chat (stored history, SPEC §4 'Returning users'): the server's history, or a
 * new chat when the server has none (404; its data was deleted, say).
 */
export async function resumeStored<T extends ChatTurnResponse>(api: {
  history(): Promise<T>;
  start(): Promise<T>;
}): Promise<{ res: T; resumed: boolean }> {
  try {
    return { res: await api.history(), resumed: true };
  } catch (error) {
    if (!notFound(error)) throw error;
    return { res: await api.start(), resumed: false };
  }
}

export const hasLiveToken = () => readStored(STORAGE_KEYS.tokenLive) !== null;

/** Live credentials registered on demand (SPEC §4); a failed registration shows SPEC §8's message. */
export async function registerFor(surveyIds: readonly string[]): Promise<void> {
  const registration = await registerLive(surveyIds);
  if (!registration.ok) throw new Error(registration.message);
}

/**
 * A respondent's chat on the live token. A returning respondent (stored history for the dialog, SPEC §5)
 * sees it at once without an unfinished follow-up, then the server's history replaces it; anybody else
 * begins anew. Credentials of another dialog are replaced by a registration for this one. hidden: the
 * link's parameters, which a new chat starts with (a begun one keeps those it started with).
 */
export function liveChatSource(surveyId: string, hidden?: Record<string, string>): ChatSource {
  const api = chatApi(liveApi, surveyId, hidden);
  const stored = hasLiveToken() ? reusableHistories([surveyId]) : null;
  const local = stored?.[surveyId];
  if (!local) clearHistory(surveyId);

  async function begin(): Promise<{ res: ChatTurnResponse; resumed: boolean }> {
    if (!hasLiveToken()) await registerFor([surveyId]);
    try {
      return local ? await resumeStored(api) : { res: await api.start(), resumed: false };
    } catch (error) {
      if (!needsNewRegistration(error)) throw error;
      clearHistory(surveyId);
      await registerFor([surveyId]);
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
