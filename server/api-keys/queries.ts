import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

type Db = AppContext['db'];

const KEY_COLUMNS = [
  'id',
  'name',
  'hint',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
  'revoked_at',
] as const;

export interface NewApiKey {
  userId: number;
  name: string;
  hint: string;
  secretHash: string;
  scopes: string;
  now: number;
  expiresAt: number;
}

export async function insertApiKey(db: Db, k: NewApiKey) {
  return db
    .insertInto('api_keys')
    .values({
      user_id: k.userId,
      name: k.name,
      hint: k.hint,
      secret_hash: k.secretHash,
      scopes: k.scopes,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listApiKeys(db: Db, userId: number) {
  return db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes a key of the user (a revoked key keeps its first revocation time). */
export function revokeApiKey(db: Db, userId: number, id: number, now: number) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<number>`coalesce(revoked_at, ${now})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(KEY_COLUMNS)
    .executeTakeFirst();
}

/** The key with this hash and whether its author may still sign in. */
export function findKeyByHash(db: Db, secretHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'users.disabled',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** Counts one call of the key in the minute starting at windowStart; returns the minute's count. */
export async function countKeyCall(db: Db, keyId: number, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('api_key_windows')
    .values({ key_id: keyId, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key_id', 'window_start']).doUpdateSet({ count: sql`api_key_windows.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets the key's counters of earlier minutes and notes its last use. */
export async function noteKeyUse(db: Db, keyId: number, windowStart: number, now: number): Promise<void> {
  await db
    .deleteFrom('api_key_windows')
    .where('key_id', '=', keyId)
    .where('window_start', '<', windowStart)
    .execute();
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
}
