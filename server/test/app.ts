import type { FastifyInstance } from 'fastify';
import { insertUser } from '../accounts/queries.ts';
import { type AppDeps, buildApp, createAppContext } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { DbHandle } from '../db/connect.ts';
import { createTestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  config: Config;
  /** The same context the app's services get (same database, clock and token secret). */
  ctx: AppContext;
  /** Moves the app's clock; tokens and expiry checks use it. */
  clock: { now: number };
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret');

/** The real app on a fresh database, for tests that go through app.inject. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-dir',
    WEB_DIST_DIR: '/nonexistent-web',
    ...env,
  });
  const database = await createTestDatabase();
  const clock = { now: Date.now() };
  const deps: AppDeps = {
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    logger: false,
    // A busy shared test machine can stall a worker's event loop past the guard's second, which then
    // answers 503 to an unrelated test; the guard itself is tested in chat-overload.test.ts.
    pressure: { maxEventLoopDelay: 0 },
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    database,
    config,
    ctx: createAppContext(deps),
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let userCounter = 0;

/** Creates an author account and returns its credentials. */
export async function createAuthor(
  t: TestApp,
  overrides: Partial<{
    username: string;
    password: string;
    firstName: string;
    lastName: string;
    isAdmin: boolean;
    email: string;
  }> = {},
) {
  userCounter += 1;
  const username = overrides.username ?? `author${userCounter}_${Math.random().toString(36).slice(2, 8)}`;
  const password = overrides.password ?? 'correct horse battery';
  const id = await insertUser(t.database.db, {
    username,
    email: overrides.email ?? `${username}@example.org`,
    emailVerified: true,
    firstName: overrides.firstName ?? 'Erika',
    lastName: overrides.lastName ?? 'Mustermann',
    passwordHash: await hashPassword(password),
    isAdmin: overrides.isAdmin ?? false,
    now: t.clock.now,
  });
  return { id, username, password };
}

/** Signs in and returns the login response body. */
export async function loginAs(t: TestApp, username: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    token: string;
    refresh_token: string;
    user_id: number;
    firstName: string;
    lastName: string;
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
