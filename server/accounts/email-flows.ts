import { PASSWORD_RESET_REQUESTED } from '../../contract/account.ts';
import { usernameKey } from '../auth/login-throttle.ts';
import { clearFailures } from '../auth/login-throttle-queries.ts';
import { markMagicLinkUsed, revokeMagicLinks } from '../auth/magic-link-queries.ts';
import {
  createMagicLink,
  findUsableMagicLink,
  invalidMagicLink,
  MAGIC_LINK_TTL_MS,
} from '../auth/magic-links.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import { takeSlots } from '../auth/request-limits.ts';
import { normalizeEmail, normalizeUsername, type UserRow, userLanguage } from '../auth/users.ts';
import { findUserByEmail, findUserById, findUserByUsername } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { mailFailed, sendAccountMail } from '../mail/service.ts';
import type { MailLog } from '../mail/transport.ts';
import { claimInvitations } from '../sharing/queries.ts';
import { EMAIL_FLOW_ERRORS } from './errors.ts';
import { updateUser } from './queries.ts';

/** E-mail validation and password reset by link (issue 5; routes /email_validation and /reset_password). */

/** A reset link is a key to the account: it holds a day, not the week of an invitation. */
export const PASSWORD_RESET_TTL_MS = 86_400_000;

async function assertAddressFree(ctx: Pick<AppContext, 'db'>, email: string, userId: number) {
  const other = await findUserByEmail(ctx.db, email);
  if (other && other.id !== userId) throw conflict(EMAIL_FLOW_ERRORS.emailTaken);
}

/**
 * POST /api/request_email_validation: a link that confirms the account's address, or a new one (which
 * replaces the current address only once confirmed). Only the newest link works.
 */
export async function requestEmailValidation(
  ctx: AppContext,
  log: MailLog,
  userId: number,
  newEmail: string | undefined,
) {
  const user = await findUserById(ctx.db, userId);
  const address = newEmail ?? user?.email;
  if (!user || !address) throw badRequest(EMAIL_FLOW_ERRORS.noEmail);
  const email = normalizeEmail(address);
  await assertAddressFree(ctx, email, userId);
  const max = ctx.config.MAIL_MAX_PER_WINDOW;
  await takeSlots(ctx, [
    { key: `mail:validate:u:${userId}`, max },
    { key: `mail:validate:e:${email}`, max },
  ]);
  const now = ctx.now();
  const token = await ctx.db.transaction().execute(async (trx) => {
    await revokeMagicLinks(trx, { purpose: 'email_validation', userId }, now);
    return createMagicLink(trx, { purpose: 'email_validation', email, userId, now });
  });
  try {
    await sendAccountMail(ctx, log, 'email_validation', {
      to: email,
      language: userLanguage(user.language),
      token,
      ttlMs: MAGIC_LINK_TTL_MS,
      username: user.username,
      firstName: user.first_name,
    });
  } catch {
    throw mailFailed(EMAIL_FLOW_ERRORS.validationMailFailed);
  }
  return { success: true, msg: 'success' };
}

/** POST /api/confirm_email: the link's address becomes the account's, confirmed. No sign-in needed. */
export async function confirmEmail(ctx: Pick<AppContext, 'db' | 'now'>, token: string) {
  const now = ctx.now();
  const link = await findUsableMagicLink(ctx.db, token, now);
  if (link?.purpose !== 'email_validation' || link.user_id === null) throw invalidMagicLink();
  const userId = link.user_id;
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled) throw invalidMagicLink();
  await assertAddressFree(ctx, link.email, userId);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markMagicLinkUsed(trx, link.id, now))) return false;
    await updateUser(trx, userId, { email: link.email, email_verified: 1, updated_at: now });
    await claimInvitations(trx, userId, link.email);
    return true;
  });
  if (!done) throw invalidMagicLink();
  return { success: true, msg: 'success', email: link.email };
}

/** A new reset link for the account; only the newest one works. */
async function createResetLink(ctx: Pick<AppContext, 'db' | 'now'>, user: UserRow & { email: string }) {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await revokeMagicLinks(trx, { purpose: 'password_reset', userId: user.id }, now);
    return createMagicLink(trx, {
      purpose: 'password_reset',
      email: user.email,
      userId: user.id,
      now,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
  });
}

function mailResetLink(ctx: AppContext, log: MailLog, user: UserRow & { email: string }, token: string) {
  return sendAccountMail(ctx, log, 'password_reset', {
    to: user.email,
    language: userLanguage(user.language),
    token,
    ttlMs: PASSWORD_RESET_TTL_MS,
    username: user.username,
    firstName: user.first_name,
  });
}

const hasEmail = (user: UserRow | undefined): user is UserRow & { email: string } =>
  user !== undefined && user.email !== null && user.email !== '';

/**
 * POST /api/request_password_reset: by username or e-mail. The answer is the same whether or not an
 * account matched; the mail goes out after the answer, so neither a failure nor the time it takes tells
 * who has an account (a failure is logged). Only the link is stored before answering: a few
 * milliseconds, against the seconds an SMTP server can take.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  log: MailLog,
  usernameOrEmail: string,
  ip: string,
) {
  await takeSlots(ctx, [
    // Named apart ('user:', 'ip:'), so that a typed name like 'ip:1.2.3.4' cannot use up an address's slots.
    { key: `mail:reset:user:${normalizeUsername(usernameOrEmail)}`, max: ctx.config.MAIL_MAX_PER_WINDOW },
    { key: `mail:reset:ip:${ip}`, max: ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS },
  ]);
  const user =
    (await findUserByUsername(ctx.db, usernameOrEmail)) ??
    (usernameOrEmail.includes('@') ? await findUserByEmail(ctx.db, usernameOrEmail) : undefined);
  if (hasEmail(user) && !user.disabled) {
    const token = await createResetLink(ctx, user);
    // deliver() logs a failure; nobody waits for this promise, so it must not reject unhandled.
    mailResetLink(ctx, log, user, token).catch(() => undefined);
  }
  return { success: true, msg: PASSWORD_RESET_REQUESTED };
}

/** Sends a reset link and answers a failure with 502 (used where the caller already knows the account). */
export async function sendResetLinkOrFail(ctx: AppContext, log: MailLog, user: UserRow) {
  if (!hasEmail(user)) throw badRequest(EMAIL_FLOW_ERRORS.accountHasNoEmail);
  const token = await createResetLink(ctx, user);
  try {
    await mailResetLink(ctx, log, user, token);
  } catch {
    throw mailFailed(EMAIL_FLOW_ERRORS.resetMailFailed);
  }
}

/**
 * Sets a new password (the same for reset and change): clears an expired password (418 at login),
 * ends every session and the login throttle of the account. `claim` runs first in the same
 * transaction (using up a reset link); when it returns false nothing changes and neither is returned.
 */
export async function setPassword(
  ctx: Pick<AppContext, 'db' | 'now'>,
  user: UserRow,
  password: string,
  claim: (trx: AppContext['db']) => Promise<boolean> = async () => true,
): Promise<boolean> {
  const now = ctx.now();
  const passwordHash = await hashPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claim(trx))) return false;
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      password_changed_at: now,
      password_expired: 0,
      updated_at: now,
    });
    await revokeAllForUser(trx, user.id, now);
    await revokeMagicLinks(trx, { purpose: 'password_reset', userId: user.id }, now);
    return true;
  });
  if (done) await clearFailures(ctx.db, usernameKey(user.username));
  return done;
}

/** POST /api/reset_password: the link's account gets the new password; the link is used up. */
export async function resetPassword(ctx: Pick<AppContext, 'db' | 'now'>, token: string, password: string) {
  const link = await findUsableMagicLink(ctx.db, token, ctx.now());
  if (link?.purpose !== 'password_reset' || link.user_id === null) throw invalidMagicLink();
  const user = await findUserById(ctx.db, link.user_id);
  if (!user) throw invalidMagicLink();
  const done = await setPassword(ctx, user, password, (trx) => markMagicLinkUsed(trx, link.id, ctx.now()));
  if (!done) throw invalidMagicLink();
  return { success: true, msg: 'success', username: user.username };
}
