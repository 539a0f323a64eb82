import type { Selectable } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import type { UsersTable } from '../db/schema.ts';

/**
 * An account as the users table holds it. Who a person is belongs to the lowest layer (auth): sharing and
 * accounts read accounts through these helpers and users-queries.ts.
 */
export type UserRow = Selectable<UsersTable>;

/**
 * What makes two usernames the same: case and Unicode form do not count. Computed here rather than with
 * SQL lower(), which folds only ASCII on SQLite.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
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
