import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates the demo author once on an empty database, with a password that signs in', async () => {
  const demo = await seedDemo(t.ctx);
  expect(demo).toEqual({ username: 'demo', password: expect.any(String) });
  expect(demo!.password.length).toBeGreaterThanOrEqual(12);
  expect((await loginAs(t, demo!.username, demo!.password)).firstName).toBe('Demo');

  expect(await seedDemo(t.ctx)).toBeUndefined();
  const users = await t.database.db.selectFrom('users').select('username').execute();
  expect(users).toEqual([{ username: 'demo' }]);
});

it('creates nothing when any account exists', async () => {
  const other = await createTestApp();
  try {
    await createAuthor(other);
    expect(await seedDemo(other.ctx)).toBeUndefined();
    const demo = await other.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirst();
    expect(demo).toBeUndefined();
  } finally {
    await other.close();
  }
});
