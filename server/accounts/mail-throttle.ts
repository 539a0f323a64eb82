import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { isThrottled, recordFailure } from '../auth/login-throttle.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Limits how often mails can be requested, with the login throttle's counters (shared by every server
 * process through the database): each request counts, whether or not an account matched, so the 429
 * says nothing about which accounts exist.
 */
export async function takeMailSlot(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  limits: { key: string; max: number }[],
): Promise<void> {
  const now = ctx.now();
  const windowMs = ctx.config.LOGIN_WINDOW_SECONDS * 1000;
  const optionsFor = (max: number) => ({ maxPerUsername: max, maxPerAddress: max, windowMs });
  for (const { key, max } of limits) {
    if (await isThrottled(ctx.db, [key], optionsFor(max), now)) {
      throw new ApiError(429, ERROR_TITLES.tooManyAttempts, MESSAGES.loginTooManyAttempts);
    }
  }
  for (const { key, max } of limits) await recordFailure(ctx.db, [key], optionsFor(max), now);
}
