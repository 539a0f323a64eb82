import type { Insertable, Kysely } from 'kysely';
import { exists } from '../db/queries.ts';
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
export function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  return exists(
    db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is not', null)
      .limit(1),
  );
}

/** Marks a single-use token (a refresh token, a mailed link) used; false if it was used before. */
export async function markUsedOnce(
  db: Db,
  table: 'refresh_tokens' | 'magic_links',
  id: number,
  now: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Revokes the tokens of a family, an account or a live participant that are not revoked yet. */
export async function revokeRefreshTokens(
  db: Db,
  owner: { family_id: string } | { user_id: number } | { participant_id: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where((eb) => eb.and(owner))
    .where('revoked_at', 'is', null)
    .execute();
}
