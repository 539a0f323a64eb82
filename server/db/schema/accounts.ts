import type { ColumnType } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Accounts: authors, live participants, their sign-ins and the audit log. */

export interface UsersTable {
  id: Id;
  username: string;
  /** normalizeUsername(username), unique: usernames differ by more than case (migration 0002). */
  username_key: string;
  email: string | null;
  email_verified: ColumnType<number, number | undefined, number>;
  first_name: string;
  last_name: string;
  password_hash: string;
  password_changed_at: Ms;
  /** Set by an administrator: the next login answers 418 until the password is reset (migration 0004). */
  password_expired: ColumnType<number, number | undefined, number>;
  /** Counted up when all sessions end; access tokens of an older generation are refused (migration 0007). */
  token_generation: ColumnType<number, number | undefined, number>;
  is_admin: ColumnType<number, number | undefined, number>;
  disabled: ColumnType<number, number | undefined, number>;
  language: ColumnType<string, string | undefined, string>;
  created_at: Ms;
  updated_at: Ms;
}

export interface ParticipantsTable {
  id: Id;
  username_live: string;
  created_at: Ms;
}

/** The dialogs a live participant was registered for (migration 0003). */
export interface ParticipantSurveysTable {
  participant_id: number;
  survey_id: number;
  created_at: Ms;
}

export interface RefreshTokensTable {
  id: Id;
  token_hash: string;
  family_id: string;
  kind: 'author' | 'live';
  user_id: number | null;
  participant_id: number | null;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
  revoked_at: Ms | null;
  auth_time: Ms;
}

export interface LoginFailuresTable {
  key: string;
  window_start: Ms;
  count: number;
}

/** An address an account signed in from, and when it last did (migration 0012). */
export interface LoginAddressesTable {
  user_id: number;
  address: string;
  signed_in_at: Ms;
}

export interface MagicLinksTable {
  id: Id;
  token_hash: string;
  purpose: 'registration' | 'invitation' | 'email_validation' | 'password_reset';
  email: string;
  user_id: number | null;
  survey_id: number | null;
  role: string | null;
  created_by: number | null;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
}

/** server/audit/: appended to, never changed through a call. */
export interface AuditLogTable {
  id: Id;
  at: Ms;
  actor_id: number | null;
  actor_name: string;
  address: string;
  action: string;
  /** The dialog's internal id and public id, and its owner when the entry was written. */
  survey_id: number | null;
  survey_public_id: string | null;
  survey_owner_id: number | null;
  /** JSON: what the action was about (never a password or token). */
  details: string;
}
