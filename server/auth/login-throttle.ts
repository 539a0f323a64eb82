import { type Kysely, sql } from 'kysely';
import { normalizeUsername } from '../accounts/queries.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';

/**
 * Counts failed logins per username and per address in a fixed window, in the database so that every
 * server process sees the same counts.
 */
export interface ThrottleOptions {
  maxPerUsername: number;
  maxPerAddress: number;
  windowMs: number;
}

/** The login limits of the configuration (also applied to wrong current passwords on a password change). */
export const loginThrottleOptions = (config: Config): ThrottleOptions => ({
  maxPerUsername: config.LOGIN_MAX_FAILURES,
  maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
  windowMs: config.LOGIN_WINDOW_SECONDS * 1000,
});

export const usernameKey = (username: string) => `u:${normalizeUsername(username)}`;
export const addressKey = (ip: string) => `ip:${ip}`;

const limitFor = (key: string, options: ThrottleOptions) =>
  key.startsWith('u:') ? options.maxPerUsername : options.maxPerAddress;

export async function recordFailure(
  db: Kysely<Database>,
  keys: string[],
  options: ThrottleOptions,
  now: number,
): Promise<void> {
  const cutoff = now - options.windowMs;
  for (const key of keys) {
    await db
      .insertInto('login_failures')
      .values({ key, window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`CASE WHEN login_failures.window_start <= ${cutoff} THEN 1 ELSE login_failures.count + 1 END`,
          window_start: sql`CASE WHEN login_failures.window_start <= ${cutoff} THEN ${now} ELSE login_failures.window_start END`,
        }),
      )
      .execute();
  }
}

/**
 * Counts an attempt before its (slow) password check and says whether it may go ahead. Checking first
 * and counting after the check let parallel guesses all pass the limit; counting first makes each
 * attempt take its place atomically. A successful attempt gives its place back (releaseAttempt).
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  keys: string[],
  options: ThrottleOptions,
  now: number,
): Promise<boolean> {
  await recordFailure(db, keys, options, now);
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', 'count'])
    .where('key', 'in', keys)
    .execute();
  return rows.every((r) => r.count <= limitFor(r.key, options));
}

export async function releaseAttempt(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: sql`login_failures.count - 1` })
    .where('key', 'in', keys)
    .where('count', '>', 0)
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
