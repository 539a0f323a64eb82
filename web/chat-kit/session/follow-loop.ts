import { ApiError } from '../../api/client.ts';

/**
 * The long-poll loop of a multi-dialog chat (POST /api/multichat/wait): asks for what comes after the
 * last known message, hands each answer over, and asks again at once; the server holds each call until
 * the chat goes on or its wait time ends. Failures back off (1 s, 2 s, 4 s … up to 30 s); a failure
 * that waiting cannot fix (credentials gone, not registered, no game) ends the loop and is reported.
 * The signal ends it (unmount, a new chat); it ends by itself when the game is finished.
 */
export interface FollowTurn {
  finished: boolean;
  after_id?: number;
}

export interface FollowLoopOptions<T extends FollowTurn> {
  /** One long-poll call after the given message id. */
  follow(afterId: number, signal: AbortSignal): Promise<T>;
  /** The id of the last message on screen, read anew before each call (the screen may lag a poll behind). */
  afterId(): number;
  onTurn(res: T, sentAfter: number): void;
  onFatal(error: unknown): void;
  signal: AbortSignal;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const MAX_BACKOFF_MS = 30_000;

export function backoffMs(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));
}

/** 401, 403 and 404 stay as they are however often the call is repeated. */
export function isFatal(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export async function runFollowLoop<T extends FollowTurn>(options: FollowLoopOptions<T>): Promise<void> {
  const { signal } = options;
  const sleep = options.sleep ?? abortableSleep;
  let failures = 0;
  let polled = 0;
  while (!signal.aborted) {
    const sentAfter = Math.max(options.afterId(), polled);
    try {
      const res = await options.follow(sentAfter, signal);
      if (signal.aborted) return;
      failures = 0;
      polled = Math.max(polled, res.after_id ?? 0);
      options.onTurn(res, sentAfter);
      if (res.finished) return;
    } catch (error) {
      if (signal.aborted) return;
      if (isFatal(error)) {
        options.onFatal(error);
        return;
      }
      failures += 1;
      await sleep(backoffMs(failures), signal);
    }
  }
}
