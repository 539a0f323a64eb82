import { API_KEY_PREFIX, type ApiKeyScope } from '../../contract/api-keys.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import { API_KEY_ERRORS } from './errors.ts';
import { countKeyCall, findKeyByHash, noteKeyUse } from './queries.ts';
import { hashKey, parseScopes } from './service.ts';

const MINUTE_MS = 60_000;

export const isApiKey = (token: string | undefined): token is string =>
  token?.startsWith(API_KEY_PREFIX) === true;

/**
 * The author a key acts for, on a call that needs `scope` (undefined: the call refuses keys). Unknown,
 * expired and revoked keys get 401, a missing scope 403, the minute's calls beyond
 * API_KEY_REQUESTS_PER_MINUTE 429 with `retry_after` (seconds). A key's call counts as fresh: scripts
 * cannot sign in again, and the key was made by a signed-in author. The dialog need is checked after
 * this with the author's roles, as for a signed-in call.
 */
export async function authenticateApiKey(
  ctx: AppContext,
  token: string,
  scope: ApiKeyScope | undefined,
  /** Told the key's id as soon as the key is known, before any refusal: every use is logged with it. */
  onKey: (keyId: number) => void = () => {},
): Promise<Principal> {
  const key = await findKeyByHash(ctx.db, hashKey(token));
  const now = ctx.now();
  if (key) onKey(key.id);
  if (!key || key.revoked_at !== null || key.expires_at <= now) throw unauthorized(API_KEY_ERRORS.invalid);
  if (key.disabled) throw new ApiError(401, ERROR_TITLES.accountDisabled, API_KEY_ERRORS.accountDisabled);
  if (!scope) throw forbidden(API_KEY_ERRORS.notForKeys);
  if (!parseScopes(key.scopes).includes(scope)) throw forbidden(API_KEY_ERRORS.missingScope(scope));
  const windowStart = now - (now % MINUTE_MS);
  const count = await countKeyCall(ctx.db, key.id, windowStart);
  if (count > ctx.config.API_KEY_REQUESTS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + MINUTE_MS - now) / 1000));
    throw new ApiError(429, ERROR_TITLES.tooManyAttempts, API_KEY_ERRORS.tooMany, {
      retry_after: retryAfter,
    });
  }
  await noteKeyUse(ctx.db, key.id, windowStart, now);
  return { kind: 'author', id: key.user_id, fresh: true, apiKeyId: key.id, apiKeyFirstInMinute: count === 1 };
}
