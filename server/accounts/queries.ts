import type { Kysely, Selectable } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import type { Database, UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/**
 * What makes two usernames the same: case and Unicode form do not count. Computed here rather than with
 * SQL lower(), which folds only ASCII on SQLite.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', normalizeUsername(username))
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<Database>,
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

export async function setUserDisabled(db: Kysely<Database>, id: number, disabled: boolean, now: number) {
  await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * How e-mail addresses are stored for members and compared: trimmed and lower-case, folded in
 * JavaScript so that SQLite (whose lower() folds only ASCII) and PostgreSQL agree.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What a person is called in lists and mails: first and last name, else the username. */
export function displayName(user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** users.language holds 'de' or 'en'; anything else reads as the default, German. */
export const userLanguage = (language: string | undefined): Language => (language === 'en' ? 'en' : 'de');
