import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../accounts/queries.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { createTestDatabase } from '../test/databases.ts';
import {
  KNOWN_ADDRESS_MS,
  type Limit,
  type LoginAccount,
  type LoginAttempt,
  loginLimits,
  recordLogin,
  takePlaces,
  usernameKey,
} from './login-throttle.ts';

/** The counters themselves, on a real database, with the clock passed in by hand. */

const config = loadConfig({
  LOGIN_MAX_FAILURES: '2',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
  LOGIN_WINDOW_SECONDS: '60',
});
const WINDOW_MS = 60_000;

let database: DbHandle;
let now: number;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  now = 1_700_000_000_000;
  await database.db.deleteFrom('login_failures').execute();
  await database.db.deleteFrom('login_addresses').execute();
});

const countOf = async (key: string) =>
  (await database.db.selectFrom('login_failures').select('count').where('key', '=', key).executeTakeFirst())
    ?.count ?? 0;

/** A failed login as the service makes it: may it go ahead (the wrong password then keeps its place)? */
async function guess(attempt: LoginAttempt) {
  return takePlaces(database.db, await loginLimits(database.db, config, attempt, now), now);
}

let accounts = 0;
/** A real account (login_addresses refers to it); its password was set long ago. */
async function account(): Promise<LoginAccount> {
  accounts += 1;
  const id = await insertUser(database.db, {
    username: `opfer${accounts}`,
    email: `opfer${accounts}@example.org`,
    emailVerified: true,
    firstName: 'Olga',
    lastName: 'Opfer',
    passwordHash: 'not-a-hash',
    isAdmin: false,
    now: 0,
  });
  return { id, password_changed_at: 0 };
}
const victim = (ip: string, owner: LoginAccount) => ({ username: 'Opfer', ip, account: owner });

describe('takePlaces', () => {
  const limits = (): Limit[] => [
    { key: 'a', max: 1, since: now - WINDOW_MS },
    { key: 'b', max: 5, since: now - WINDOW_MS },
  ];

  it('takes a place under every limit, or under none when one is full', async () => {
    expect(await takePlaces(database.db, limits(), now)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await takePlaces(database.db, limits(), now)).toBe(false);
    expect(await countOf('a')).toBe(1);
    expect(await countOf('b')).toBe(1);
  });

  it('starts a counter over once its window is over', async () => {
    expect(await takePlaces(database.db, limits(), now)).toBe(true);
    now += WINDOW_MS - 1;
    expect(await takePlaces(database.db, limits(), now)).toBe(false);
    now += 1;
    expect(await takePlaces(database.db, limits(), now)).toBe(true);
    expect(await countOf('b')).toBe(1);
  });

  it('lets no more than the limit through when attempts come at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        takePlaces(database.db, [{ key: 'c', max: 3, since: now - WINDOW_MS }], now),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await countOf('c')).toBe(3);
  });
});

describe('login limits', () => {
  it("an address over its own limit adds nothing to another account's count", async () => {
    const owner = await account();
    for (let i = 0; i < 3; i++) {
      expect(await guess({ username: `ghost${i}`, ip: '10.0.0.66', account: undefined })).toBe(true);
    }
    for (let i = 0; i < 20; i++) expect(await guess(victim('10.0.0.66', owner))).toBe(false);
    expect(await countOf(usernameKey('Opfer'))).toBe(0);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
  });

  it("too many failures lock one address out of one account; the owner's address stays open", async () => {
    const owner = await account();
    expect(await guess(victim('10.0.0.66', owner))).toBe(true);
    expect(await guess(victim('10.0.0.66', owner))).toBe(true);
    expect(await guess(victim('10.0.0.66', owner))).toBe(false);
    expect(await guess({ username: 'someone-else', ip: '10.0.0.66', account: undefined })).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    now += WINDOW_MS;
    expect(await guess(victim('10.0.0.66', owner))).toBe(true);
  });

  it('bounds guessing from many addresses; addresses the owner signed in from stay open', async () => {
    const owner = await account();
    await recordLogin(database.db, victim('10.0.0.7', owner), now);
    for (const ip of ['10.1.0.1', '10.1.0.2']) {
      expect(await guess(victim(ip, owner))).toBe(true);
      expect(await guess(victim(ip, owner))).toBe(true);
    }
    expect(await guess(victim('10.1.0.3', owner))).toBe(false);
    expect(await countOf(usernameKey('Opfer'))).toBe(4);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(false);
    now += WINDOW_MS;
    expect(await guess(victim('10.1.0.3', owner))).toBe(true);
  });

  it('counts the same for a name without an account, so a 429 tells nothing about which exist', async () => {
    for (const ip of ['10.1.0.1', '10.1.0.2']) {
      expect(await guess({ username: 'niemand', ip, account: undefined })).toBe(true);
      expect(await guess({ username: 'niemand', ip, account: undefined })).toBe(true);
    }
    expect(await guess({ username: 'niemand', ip: '10.1.0.3', account: undefined })).toBe(false);
  });

  it("no made-up username reaches another account's counters", async () => {
    const owner = await account();
    const crafted = ['Opfer|ip:10.0.0.7', 'a:["opfer","10.0.0.7"]', '["opfer","10.0.0.7"]'];
    for (const [i, username] of crafted.entries()) {
      for (let n = 0; n < 2; n++) await guess({ username, ip: `10.2.0.${i}`, account: undefined });
    }
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(false);
  });

  it('an address stays known for KNOWN_ADDRESS_MS after its last login', async () => {
    const owner = await account();
    await recordLogin(database.db, victim('10.0.0.7', owner), now);
    now += KNOWN_ADDRESS_MS - 1;
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.1', '10.1.0.2']) await guess(victim(ip, owner));
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    now += 1;
    expect(await guess(victim('10.0.0.7', owner))).toBe(false);
  });

  it('failures before a password change do not count against the new password', async () => {
    const owner = await account();
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(false);
    now += 1000;
    const changed = { ...owner, password_changed_at: now };
    now += 1000;
    expect(await guess(victim('10.0.0.7', changed))).toBe(true);
  });

  it("a successful login forgets its address's failures but not the account's", async () => {
    const owner = await account();
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await guess(victim('10.1.0.1', owner))).toBe(true);
    await recordLogin(database.db, victim('10.0.0.7', owner), now);
    expect(await guess(victim('10.0.0.7', owner))).toBe(true);
    expect(await countOf(usernameKey('Opfer'))).toBe(3);
  });
});
