import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { normalizeUsername, type UserRow } from './users.ts';

/** SQL reading accounts by what identifies them: id, username, e-mail address. */

type Db = Kysely<Database>;

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', normalizeUsername(username))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's session generation, which every author token carries (guard.ts refuses older ones). */
export async function tokenGeneration(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('token_generation').where('id', '=', id).executeTakeFirst();
  return row?.token_generation;
}

/** Ends the account's access tokens issued until now (see tokenGeneration). */
export async function bumpTokenGeneration(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ token_generation: sql`token_generation + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * What the guard checks on every author call, in one query: the account row and, through the family
 * index, whether the token's login was logged out (its refresh-token family revoked).
 */
export function findAuthorSession(db: Db, id: number, family: string | undefined) {
  return db
    .selectFrom('users')
    .select(['disabled', 'token_generation'])
    .$if(family !== undefined, (qb) =>
      qb.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .where('refresh_tokens.family_id', '=', family ?? '')
              .where('refresh_tokens.revoked_at', 'is not', null),
          )
          .as('logged_out'),
      ),
    )
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isAdmin(db: Db, id: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('is_admin').where('id', '=', id).executeTakeFirst();
  return user?.is_admin === 1;
}
