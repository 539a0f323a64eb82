import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { DbHandle } from '../connect.ts';
import { down, up } from './0002_username_key.ts';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('fills the key of existing users and then refuses a second case of a name', async () => {
  // biome-ignore lint/suspicious/noExplicitAny: the table as it was before this migration
  const db = database.db as Kysely<any>;
  await down(db);
  const user = { password_hash: 'x', password_changed_at: 1, created_at: 1, updated_at: 1 };
  await db
    .insertInto('users')
    .values([
      { ...user, username: 'ÄRGER' },
      { ...user, username: 'Bert' },
    ])
    .execute();
  await up(db);
  const rows = await db.selectFrom('users').select(['username', 'username_key']).execute();
  expect(rows).toHaveLength(2);
  expect(rows).toEqual(
    expect.arrayContaining([
      { username: 'Bert', username_key: 'bert' },
      { username: 'ÄRGER', username_key: 'ärger' },
    ]),
  );
  await expect(
    db
      .insertInto('users')
      .values({ ...user, username: 'ärger', username_key: 'ärger' })
      .execute(),
  ).rejects.toThrow();
});
