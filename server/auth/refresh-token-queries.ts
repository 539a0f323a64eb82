import type { Insertable, Kysely } from 'kysely';
import type { Database, RefreshTokensTable } from '../db/schema.ts';

/** SQL of refresh tokens: stored hashed, rotated within a family, revoked by family or account. */

type Db = Kysely<Database>;

export async function insertRefreshToken(db: Db, row: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Whether any token of the family was revoked. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the token used; false if it was used before. */
export async function markRefreshTokenUsed(db: Db, id: number, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeRefreshTokensOfUser(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
