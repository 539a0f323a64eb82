import type { Account, UpdateAccountRequest } from '../../contract/account.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { loginThrottleOptions, releaseAttempt, reserveAttempt, usernameKey } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import { issueTokens } from '../auth/service.ts';
import { type UserRow, userLanguage } from '../auth/users.ts';
import { findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, unauthorized } from '../http/errors.ts';
import { setPassword } from './email-flows.ts';
import { ACCOUNT_ERRORS } from './errors.ts';
import { updateUser } from './queries.ts';

/** The account screen's calls (/account, 'Einstellungen'): names, language, password, sessions. */

/** The account as its owner sees it (the administrator's list adds the admin's fields). */
export function toAccount(
  user: Pick<
    UserRow,
    'username' | 'first_name' | 'last_name' | 'email' | 'email_verified' | 'language' | 'is_admin'
  >,
): Account {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    email_verified: user.email_verified === 1,
    language: userLanguage(user.language),
    is_admin: user.is_admin === 1,
  };
}

/** The guard let the token through, so a missing row means it was deleted a moment ago. */
async function currentUser(ctx: Pick<AppContext, 'db'>, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized(MESSAGES.loggedOut);
  return user;
}

/** POST /api/get_account */
export async function getAccount(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Account> {
  return toAccount(await currentUser(ctx, userId));
}

/** POST /api/update_account: only the fields given change. */
export async function updateAccount(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: number,
  patch: UpdateAccountRequest,
): Promise<Account> {
  await updateUser(ctx.db, userId, {
    ...(patch.first_name !== undefined ? { first_name: patch.first_name } : {}),
    ...(patch.last_name !== undefined ? { last_name: patch.last_name } : {}),
    ...(patch.language !== undefined ? { language: patch.language } : {}),
    updated_at: ctx.now(),
  });
  return getAccount(ctx, userId);
}

/**
 * POST /api/change_password: needs the current password; wrong guesses count towards the login
 * throttle of the account, so a stolen access token cannot be used to try passwords. Every session
 * ends; the caller gets a new token pair to stay signed in.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  input: { current_password: string; new_password: string },
) {
  const user = await currentUser(ctx, userId);
  const throttle = loginThrottleOptions(ctx.config);
  const keys = [usernameKey(user.username)];
  if (!(await reserveAttempt(ctx.db, keys, throttle, ctx.now()))) {
    throw new ApiError(429, ERROR_TITLES.tooManyAttempts, MESSAGES.loginTooManyAttempts);
  }
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw badRequest(ACCOUNT_ERRORS.wrongPassword);
  }
  await releaseAttempt(ctx.db, keys);
  await setPassword(ctx, user, input.new_password);
  const tokens = await issueTokens(ctx, { kind: 'author', id: userId, fresh: true }, ctx.now());
  return { success: true, msg: 'success', ...tokens };
}

/** POST /api/logout_everywhere: no refresh token of the account works any more (access tokens expire). */
export async function logoutEverywhere(ctx: Pick<AppContext, 'db' | 'now'>, userId: number) {
  await revokeAllForUser(ctx.db, userId, ctx.now());
  return { success: true, msg: 'success' };
}
