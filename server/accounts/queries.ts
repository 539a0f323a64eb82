import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { normalizeUsername } from '../auth/users.ts';
import { likePattern } from '../db/like-pattern.ts';
import type { Database, UsersTable } from '../db/schema.ts';

/** SQL of account management: creating, changing and deleting accounts. */

type Db = Kysely<Database>;

export async function insertUser(
  db: Db,
  user: {
    username: string;
    email: string | null;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
    passwordHash: string;
    isAdmin: boolean;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: normalizeUsername(user.username),
      email: user.email,
      email_verified: user.emailVerified ? 1 : 0,
      first_name: user.firstName,
      last_name: user.lastName,
      password_hash: user.passwordHash,
      password_changed_at: user.now,
      is_admin: user.isAdmin ? 1 : 0,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The profile fields, the confirmed address, the password or the expiry flag of an account. */
export async function updateUser(db: Db, id: number, patch: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
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

const usersMatching = (db: Db, search: string | undefined) => {
  const query = db.selectFrom('users');
  return search ? query.where(matching(search)) : query;
};

/** A page of accounts by username, each with the number of dialogs it owns. */
export function listUsers(db: Db, page: { search?: string; offset: number; limit: number }) {
  return usersMatching(db, page.search)
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('surveys')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('surveys.owner_id', '=', 'users.id')
        .as('owned_surveys'),
    )
    .orderBy('users.username_key')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUsers(db: Db, search: string | undefined): Promise<number> {
  const count = await usersMatching(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export async function countOwnedSurveys(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The account's dialogs go to `to`, which becomes their owner (a members row it had there is dropped). */
export async function transferSurveys(db: Db, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('members')
    .where('user_id', '=', to)
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('owner_id', '=', from))
    .execute();
  await db.updateTable('surveys').set({ owner_id: to }).where('owner_id', '=', from).execute();
}

export async function transferDialogManagers(db: Db, from: number, to: number): Promise<void> {
  await db.updateTable('dialog_managers').set({ owner_id: to }).where('owner_id', '=', from).execute();
}

/** The account and its memberships (its sessions and links go with it through the foreign keys). */
export async function deleteUserAndMemberships(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
