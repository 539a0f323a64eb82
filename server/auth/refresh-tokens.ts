import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  isFamilyRevoked,
  markUsedOnce,
  revokeRefreshTokens,
} from './refresh-token-queries.ts';
import { hashOpaqueToken, newOpaqueToken, type PrincipalKind } from './tokens.ts';
import { bumpTokenGeneration } from './users-queries.ts';

export interface RefreshSubject {
  kind: PrincipalKind;
  id: number;
}

/** Stores a new refresh token (hashed) and returns it; a rotation keeps the family of its parent. */
export async function issueRefreshToken(
  db: Kysely<Database>,
  subject: RefreshSubject,
  options: { ttlDays: number; now: number; authTime: number; familyId?: string },
): Promise<string> {
  const token = newOpaqueToken();
  await insertRefreshToken(db, {
    token_hash: hashOpaqueToken(token),
    family_id: options.familyId ?? randomUUID(),
    kind: subject.kind,
    user_id: subject.kind === 'author' ? subject.id : null,
    participant_id: subject.kind === 'live' ? subject.id : null,
    created_at: options.now,
    expires_at: options.now + options.ttlDays * 86_400_000,
    auth_time: options.authTime,
  });
  return token;
}

/**
 * Marks a refresh token used and returns what it was for. A token that was already used is a sign of
 * theft: the whole family is revoked (the legitimate holder signs in again). A family with any revoked
 * token stays revoked: the rotation that won a reuse race may store its new token after the revocation
 * ran, and that token must not work either.
 */
export async function consumeRefreshToken(db: Kysely<Database>, token: string, now: number) {
  const row = await findRefreshToken(db, hashOpaqueToken(token));
  const familyRevoked = row !== undefined && (await isFamilyRevoked(db, row.family_id));
  if (!row || familyRevoked || row.expires_at <= now) {
    throw unauthorized('Die Sitzung ist abgelaufen. Bitte erneut anmelden.');
  }
  if (!(await markUsedOnce(db, 'refresh_tokens', row.id, now))) {
    await revokeRefreshTokens(db, { family_id: row.family_id }, now);
    throw unauthorized('Die Sitzung wurde beendet. Bitte erneut anmelden.');
  }
  const subject: RefreshSubject =
    row.kind === 'author'
      ? { kind: 'author', id: row.user_id ?? -1 }
      : { kind: 'live', id: row.participant_id ?? -1 };
  return { subject, familyId: row.family_id, authTime: row.auth_time };
}

export async function revokeFamilyOfToken(db: Kysely<Database>, token: string, now: number) {
  const row = await findRefreshToken(db, hashOpaqueToken(token));
  if (row) await revokeRefreshTokens(db, { family_id: row.family_id }, now);
}

/** Ends every session of an account: its refresh tokens and the access tokens issued until now. */
export async function revokeAllForUser(db: Kysely<Database>, userId: number, now: number) {
  await bumpTokenGeneration(db, userId);
  await revokeRefreshTokens(db, { user_id: userId }, now);
}
