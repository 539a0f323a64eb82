import { ADMIN_PAGE_SIZE, type AdminUser } from '../../contract/admin.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import type { UserRow } from '../auth/users.ts';
import { findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { MailLog } from '../mail/transport.ts';
import { sendResetLinkOrFail } from './email-flows.ts';
import { ADMIN_ERRORS } from './errors.ts';
import { createAccount, type NewAccount, setAccountDisabled } from './manage.ts';
import {
  countOwnedSurveys,
  countUsers,
  deleteUserAndMemberships,
  listUsers as listUserRows,
  transferDialogManagers,
  transferSurveys,
  updateUser,
} from './queries.ts';
import { toAccount } from './service.ts';

/**
 * The admin screen's calls (/admin). Their endpoints are for callers with the admin flag (caller 'admin'),
 * whatever host they call from; these rules are ours (SPEC: "admin rules not shown").
 */

/** POST /api/admin/list_users: accounts by username, a page at a time, with the total for paging. */
export async function listUsers(
  ctx: Pick<AppContext, 'db'>,
  input: { search?: string; offset?: number; limit?: number },
): Promise<{ users: AdminUser[]; total: number }> {
  const rows = await listUserRows(ctx.db, {
    search: input.search,
    offset: input.offset ?? 0,
    limit: input.limit ?? ADMIN_PAGE_SIZE,
  });
  return {
    users: rows.map((u) => ({
      user_id: u.id,
      ...toAccount(u),
      disabled: u.disabled === 1,
      password_expired: u.password_expired === 1,
      owned_surveys: Number(u.owned_surveys ?? 0),
      created_at: u.created_at,
    })),
    total: await countUsers(ctx.db, input.search),
  };
}

/** POST /api/admin/create_user (manage.ts: the address counts as confirmed). */
export async function createUser(ctx: Pick<AppContext, 'db' | 'now'>, input: NewAccount) {
  return { success: true, msg: 'success', user_id: await createAccount(ctx, input) };
}

async function existingUser(ctx: Pick<AppContext, 'db'>, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(ADMIN_ERRORS.userNotFound);
  return user;
}

/** POST /api/admin/set_disabled (manage.ts says what disabling does); not the caller's own account. */
export async function setDisabled(
  ctx: Pick<AppContext, 'db' | 'now'>,
  adminId: number,
  input: { user_id: number; disabled: boolean },
) {
  if (input.user_id === adminId) throw badRequest(ADMIN_ERRORS.notYourself);
  await existingUser(ctx, input.user_id);
  await setAccountDisabled(ctx, input.user_id, input.disabled);
  return { success: true, msg: 'success' };
}

/**
 * POST /api/admin/expire_password: the next login answers 418 until the password is reset; open
 * sessions end too, since an administrator expires a password when it may be known to others.
 */
export async function expirePassword(ctx: Pick<AppContext, 'db' | 'now'>, input: { user_id: number }) {
  await existingUser(ctx, input.user_id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, input.user_id, { password_expired: 1, updated_at: now });
    await revokeAllForUser(trx, input.user_id, now);
  });
  return { success: true, msg: 'success' };
}

/** POST /api/admin/send_reset_link: mails the account a reset link; 502 when the mail fails. */
export async function sendResetLink(ctx: AppContext, log: MailLog, input: { user_id: number }) {
  await sendResetLinkOrFail(ctx, log, await existingUser(ctx, input.user_id));
  return { success: true, msg: 'success' };
}

/**
 * POST /api/admin/delete_user: the account's dialogs (and dialog managers) go to the chosen account,
 * which becomes their owner (a members row it had there is dropped); the account's memberships,
 * sessions and links go with it. Administrators cannot delete themselves.
 */
export async function deleteUser(
  ctx: Pick<AppContext, 'db'>,
  adminId: number,
  input: { user_id: number; transfer_to_user_id?: number },
) {
  if (input.user_id === adminId) throw badRequest(ADMIN_ERRORS.notYourself);
  await existingUser(ctx, input.user_id);
  const target = input.transfer_to_user_id;
  if (target !== undefined) {
    if (target === input.user_id) throw badRequest(ADMIN_ERRORS.transferToSelf);
    if (!(await findUserById(ctx.db, target))) throw badRequest(ADMIN_ERRORS.transferTargetNotFound);
  }
  // Counted inside the transaction, so a dialog created meanwhile is transferred too (or stops the delete).
  const transferred = await ctx.db.transaction().execute(async (trx) => {
    const owned = await countOwnedSurveys(trx, input.user_id);
    if (owned > 0) {
      if (target === undefined) throw badRequest(ADMIN_ERRORS.transferRequired);
      await transferSurveys(trx, input.user_id, target);
    }
    if (target !== undefined) await transferDialogManagers(trx, input.user_id, target);
    await deleteUserAndMemberships(trx, input.user_id);
    return owned;
  });
  return { success: true, msg: 'success', transferred_surveys: transferred };
}
