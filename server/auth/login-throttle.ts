import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import {
  clearFailures,
  releasePlace,
  rememberLoginAddress,
  signedInFromSince,
  takePlace,
} from './login-throttle-queries.ts';
import { normalizeUsername } from './users.ts';

/**
 * Limits on password guesses, counted in fixed windows in the database so that every server process
 * sees the same counts. A login takes a place under three limits (loginLimits):
 * - per account and address (LOGIN_MAX_FAILURES): too many failures lock this address out of this
 *   account only, so a stranger's guesses never lock the owner out where the owner is;
 * - per address (LOGIN_MAX_FAILURES_PER_ADDRESS): guessing across many accounts;
 * - per account (LOGIN_MAX_FAILURES_PER_ACCOUNT): bounds guessing from many addresses. Addresses the
 *   account signed in from lately are exempt (as the smart lockouts of Entra ID and Okta keep familiar
 *   places apart), so even many strangers cannot lock the owner out of them.
 * A refused attempt takes no place anywhere: an address that is over its limit cannot keep adding to an
 * account's count.
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
// Its own prefix, and JSON so that no username (they are free text at login) names another key.
const accountAddressKey = (username: string, ip: string) =>
  `ua:${JSON.stringify([normalizeUsername(username), ip])}`;

/** How long after its last successful login an address stays exempt from the per-account limit. */
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;

/** At most max attempts per window under key; a window that started at or before `since` is over. */
export interface Limit {
  key: string;
  max: number;
  since: number;
}

const limitFor = (key: string, options: ThrottleOptions) =>
  key.startsWith('u:') ? options.maxPerUsername : options.maxPerAddress;

class LimitReached extends Error {}

/**
 * Takes a place under every limit, or under none when any is full. Counting before the (slow) password
 * check lets each attempt take its place atomically, so parallel guesses cannot all pass; a successful
 * attempt gives its places back (releaseAttempt). Keys are taken in one order, so that two
 * transactions never wait for each other's rows on PostgreSQL.
 */
export async function takePlaces(db: Kysely<Database>, limits: Limit[], now: number): Promise<boolean> {
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction().execute(async (trx) => {
      for (const limit of ordered) {
        if (!(await takePlace(trx, limit.key, limit.max, limit.since, now))) throw new LimitReached();
      }
    });
    return true;
  } catch (err) {
    if (err instanceof LimitReached) return false;
    throw err;
  }
}

/** takePlaces for keys made by usernameKey and addressKey, with the limits of options. */
export async function reserveAttempt(
  db: Kysely<Database>,
  keys: string[],
  options: ThrottleOptions,
  now: number,
): Promise<boolean> {
  const since = now - options.windowMs;
  return takePlaces(
    db,
    keys.map((key) => ({ key, max: limitFor(key, options), since })),
    now,
  );
}

/**
 * Gives back the places of an attempt that succeeded. One row per statement: a statement that locked
 * several rows in its own order could deadlock with takePlaces on PostgreSQL.
 */
export async function releaseAttempt(db: Kysely<Database>, keys: string[]): Promise<void> {
  for (const key of keys) await releasePlace(db, key);
}

/** The account a login names, when it exists. */
export interface LoginAccount {
  id: number;
  password_changed_at: number;
}

export interface LoginAttempt {
  username: string;
  ip: string;
  account: LoginAccount | undefined;
}

const isKnownAddress = (db: Kysely<Database>, account: LoginAccount, ip: string, now: number) =>
  signedInFromSince(db, account.id, ip, now - KNOWN_ADDRESS_MS);

/** The limits one login attempt counts under (see the top of this file). */
export async function loginLimits(
  db: Kysely<Database>,
  config: Config,
  { username, ip, account }: LoginAttempt,
  now: number,
): Promise<Limit[]> {
  const windowStart = now - config.LOGIN_WINDOW_SECONDS * 1000;
  // Failures before the account's last password change guessed the old password; they do not count
  // against the new one, so a reset also ends the lock the owner's own typos caused. (- 1: a window
  // that started in the very millisecond of the change is kept.)
  const accountSince = Math.max(windowStart, (account?.password_changed_at ?? 0) - 1);
  const limits: Limit[] = [
    { key: accountAddressKey(username, ip), max: config.LOGIN_MAX_FAILURES, since: accountSince },
    { key: addressKey(ip), max: config.LOGIN_MAX_FAILURES_PER_ADDRESS, since: windowStart },
  ];
  if (!account || !(await isKnownAddress(db, account, ip, now))) {
    limits.push({
      key: usernameKey(username),
      max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      since: accountSince,
    });
  }
  return limits;
}

/**
 * After a successful login the address's own failures are forgotten and it becomes a known address of
 * the account. The per-account count stays: the owner signing in must not hand whoever guesses from
 * elsewhere a fresh allowance.
 */
export async function recordLogin(
  db: Kysely<Database>,
  attempt: LoginAttempt & { account: LoginAccount },
  now: number,
) {
  await clearFailures(db, accountAddressKey(attempt.username, attempt.ip));
  await rememberLoginAddress(db, attempt.account.id, attempt.ip, now);
}
