import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { authorSession, type Session } from './dialogs.ts';

/**
 * Set-ups shared by all tests of one file, declared in one line each instead of a pair of hooks: the objects
 * returned are filled in before the file's first test. (Apart from app.ts, which the benches import without
 * vitest.)
 */

/**
 * The real app on a fresh database, closed after the file's last test. env may be a function when it
 * depends on something an earlier hook starts (a fake model server).
 */
export function appForFile(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof env === 'function' ? env() : env));
  });
  afterAll(() => t.close());
  return t;
}

/** An author signed in on that app (declare it after appForFile, whose hook starts the app). */
export function authorForFile(t: TestApp): Session {
  const me = {} as Session;
  beforeAll(async () => {
    Object.assign(me, await authorSession(t));
  });
  return me;
}
