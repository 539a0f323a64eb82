import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { ADMIN_PAGE_SIZE, type AdminUser } from '../../contract/admin.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { MailLog } from '../mail/transport.ts';
import { claimInvitations } from '../sharing/queries.ts';
import { sendResetLinkOrFail } from './email-flows.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  normalizeEmail,
  setUserDisabled,
  type UserRow,
  userLanguage,
} from './queries.ts';

/**
 * The admin screen's calls (/admin). The route checks the caller's admin flag (requireAdmin), never the
 * host; these rules are ours (SPEC: "admin rules not shown").
 */

export const ADMIN_ERRORS = {
  userNotFound: 'Dieses Konto gibt es nicht.',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  emailTaken: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
  notYourself: 'Das eigene Konto kann hier nicht deaktiviert oder gelöscht werden.',
  transferRequired: 'Bitte ein Konto wählen, das die Dialoge dieses Kontos übernimmt.',
  transferToSelf: 'Die Dialoge können nicht an das Konto übertragen werden, das gelöscht wird.',
  transferTargetNotFound: 'Das Konto, das die Dialoge übernehmen soll, gibt es nicht.',
} as const;

/** `pattern` for SQL LIKE: the search text taken literally (its % and _ escaped with backslash). */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Lower-case substring search over the names and the address. lower() folds only ASCII on SQLite, so
 * a search for 'ä' finds 'ä' but not 'Ä' there; PostgreSQL folds both.
 */
function matching(search: string) {
  const pattern = likePattern(search);
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or(
      (['username', 'email', 'first_name', 'last_name'] as const).map(
        (column) =>
          sql<SqlBool>`lower(coalesce(${eb.ref(`users.${column}`)}, '')) like ${pattern} escape '\\'`,
      ),
    );
}

/** POST /api/admin/list_users: accounts by username, a page at a time, with the total for paging. */
export async function listUsers(
  ctx: Pick<AppContext, 'db'>,
  input: { search?: string; offset?: number; limit?: number },
): Promise<{ users: AdminUser[]; total: number }> {
  const users = () => {
    const query = ctx.db.selectFrom('users');
    return input.search ? query.where(matching(input.search)) : query;
  };
  const rows = await users()
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('surveys')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('surveys.owner_id', '=', 'users.id')
        .as('owned_surveys'),
    )
    .orderBy('users.username_key')
    .limit(input.limit ?? ADMIN_PAGE_SIZE)
    .offset(input.offset ?? 0)
    .execute();
  const count = await users()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    users: rows.map((u) => ({
      user_id: u.id,
      username: u.username,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      email_verified: u.email_verified === 1,
      language: userLanguage(u.language),
      is_admin: u.is_admin === 1,
      disabled: u.disabled === 1,
      password_expired: u.password_expired === 1,
      owned_surveys: Number(u.owned_surveys ?? 0),
      created_at: u.created_at,
    })),
    total: Number(count.n),
  };
}

/**
 * POST /api/admin/create_user: the administrator vouches for the address (confirmed, as with the CLI),
 * so invitations sent to it before are bound to the new account.
 */
export async function createUser(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: {
    username: string;
    first_name: string;
    last_name: string;
    email?: string;
    password: string;
    is_admin?: boolean;
  },
) {
  if (await findUserByUsername(ctx.db, input.username)) throw conflict(ADMIN_ERRORS.usernameTaken);
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  if (email && (await findUserByEmail(ctx.db, email))) throw conflict(ADMIN_ERRORS.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {
      username: input.username,
      email,
      emailVerified: email !== null,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
      isAdmin: input.is_admin === true,
      now: ctx.now(),
    });
    if (email) await claimInvitations(trx, id, email);
    return id;
  });
  return { success: true, msg: 'success', user_id: userId };
}

async function existingUser(ctx: Pick<AppContext, 'db'>, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(ADMIN_ERRORS.userNotFound);
  return user;
}

/**
 * POST /api/admin/set_disabled: a disabled account is signed out at once (refresh tokens revoked) and its
 * calls are refused with 401 account_disabled (guard.ts), which clients do not retry.
 */
export async function setDisabled(
  ctx: Pick<AppContext, 'db' | 'now'>,
  adminId: number,
  input: { user_id: number; disabled: boolean },
) {
  if (input.user_id === adminId) throw badRequest(ADMIN_ERRORS.notYourself);
  await existingUser(ctx, input.user_id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await setUserDisabled(trx, input.user_id, input.disabled, now);
    if (input.disabled) await revokeAllForUser(trx, input.user_id, now);
  });
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
    await trx
      .updateTable('users')
      .set({ password_expired: 1, updated_at: now })
      .where('id', '=', input.user_id)
      .execute();
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
    const { n: owned } = await trx
      .selectFrom('surveys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', input.user_id)
      .executeTakeFirstOrThrow();
    if (Number(owned) > 0) {
      if (target === undefined) throw badRequest(ADMIN_ERRORS.transferRequired);
      await trx
        .deleteFrom('members')
        .where('user_id', '=', target)
        .where('survey_id', 'in', (eb) =>
          eb.selectFrom('surveys').select('id').where('owner_id', '=', input.user_id),
        )
        .execute();
      await trx
        .updateTable('surveys')
        .set({ owner_id: target })
        .where('owner_id', '=', input.user_id)
        .execute();
    }
    if (target !== undefined) {
      await trx
        .updateTable('dialog_managers')
        .set({ owner_id: target })
        .where('owner_id', '=', input.user_id)
        .execute();
    }
    await trx.deleteFrom('members').where('user_id', '=', input.user_id).execute();
    await trx.deleteFrom('users').where('id', '=', input.user_id).execute();
    return Number(owned);
  });
  return { success: true, msg: 'success', transferred_surveys: transferred };
}
