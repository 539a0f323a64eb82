import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the login throttle (login-throttle.ts): counters per key and window, and known addresses. */

type Db = Kysely<Database>;

/**
 * Counts one attempt under key unless max are counted in its window; a window that started at or before
 * `since` is over and starts again. One statement, so parallel attempts cannot overshoot.
 */
export async function takePlace(
  db: Db,
  key: string,
  max: number,
  since: number,
  now: number,
): Promise<boolean> {
  const windowOver = sql<boolean>`login_failures.window_start <= ${since}`;
  const taken = await db
    .insertInto('login_failures')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql`CASE WHEN ${windowOver} THEN 1 ELSE login_failures.count + 1 END`,
          window_start: sql`CASE WHEN ${windowOver} THEN ${now} ELSE login_failures.window_start END`,
        })
        .where((eb) => eb.or([windowOver, eb('login_failures.count', '<', max)])),
    )
    .returning('key')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Gives back one counted attempt under key. */
export async function releasePlace(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: sql`login_failures.count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Whether the account signed in from the address after `since`. */
export async function signedInFromSince(db: Db, userId: number, address: string, since: number) {
  const row = await db
    .selectFrom('login_addresses')
    .select('signed_in_at')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where('signed_in_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberLoginAddress(db: Db, userId: number, address: string, now: number) {
  await db
    .insertInto('login_addresses')
    .values({ user_id: userId, address, signed_in_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ signed_in_at: now }))
    .execute();
}
