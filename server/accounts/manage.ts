import { hashPassword } from '../auth/passwords.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import { normalizeEmail } from '../auth/users.ts';
import { findUserByEmail, findUserByUsername } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { conflict } from '../http/errors.ts';
import { claimInvitations } from '../sharing/queries.ts';
import { ADMIN_ERRORS } from './errors.ts';
import { insertUser, updateUser } from './queries.ts';

/** Accounts made and switched off by an operator: the admin screen, the CLI and the demo seed. */

export interface NewAccount {
  username: string;
  first_name: string;
  last_name: string;
  email?: string | null;
  password: string;
  is_admin?: boolean;
}

/**
 * Creates an account; 409 when the username or the e-mail address is taken. Whoever creates it vouches
 * for the address (confirmed), so invitations sent to it before are bound to the new account.
 */
export async function createAccount(ctx: Pick<AppContext, 'db' | 'now'>, input: NewAccount): Promise<number> {
  if (await findUserByUsername(ctx.db, input.username)) throw conflict(ADMIN_ERRORS.usernameTaken);
  const email = input.email ? normalizeEmail(input.email) : null;
  if (email && (await findUserByEmail(ctx.db, email))) throw conflict(ADMIN_ERRORS.emailTaken);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
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
}

/**
 * A disabled account is signed out at once (refresh tokens revoked) and its calls are refused with 401
 * account_disabled (guard.ts), which clients do not retry.
 */
export async function setAccountDisabled(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: number,
  disabled: boolean,
) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { disabled: disabled ? 1 : 0, updated_at: now });
    if (disabled) await revokeAllForUser(trx, userId, now);
  });
}
