import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { takePlaces } from './login-throttle.ts';

/**
 * Limits how often a request can be made per key (a name, an address) in LOGIN_WINDOW_SECONDS, with the
 * login throttle's counters (shared by every server process through the database). Mail requests count
 * whether or not an account matched, so the 429 says nothing about which accounts exist. A request takes
 * its places before it is checked, so parallel requests cannot all pass the limit; a refused request
 * takes none, so it cannot keep a name locked.
 */
export async function takeSlots(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  limits: { key: string; max: number }[],
): Promise<void> {
  const now = ctx.now();
  const since = now - ctx.config.LOGIN_WINDOW_SECONDS * 1000;
  if (
    !(await takePlaces(
      ctx.db,
      limits.map((l) => ({ ...l, since })),
      now,
    ))
  ) {
    throw new ApiError(429, ERROR_TITLES.tooManyAttempts, MESSAGES.loginTooManyAttempts);
  }
}
