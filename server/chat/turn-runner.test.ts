import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connect.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { runTurn } from './turn-runner.ts';

/** The grouped commits of SQLite chat turns (turn-runner.ts): failures fail their own turns, with their cause. */

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ctx = () => ({ db: database.db, dbKind: database.kind });
const count = async () =>
  Number(
    (
      await database.db
        .selectFrom('users')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const addUser = (name: string) =>
  sql`insert into users (username, username_key, first_name, last_name, password_hash, password_changed_at, created_at, updated_at)
      values (${name}, ${name}, 'F', 'L', 'x', 0, 0, 0)`;

describe('runTurn', () => {
  it('a failing turn leaves no trace and fails alone; the others of its batch commit', async () => {
    const before = await count();
    const results = await Promise.allSettled([
      runTurn(ctx(), async (db) => addUser('turn-a').execute(db)),
      runTurn(ctx(), async (db) => {
        await addUser('turn-b').execute(db);
        throw new Error('refused');
      }),
      runTurn(ctx(), async (db) => addUser('turn-c').execute(db)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await count()).toBe(before + 2);
  });

  it.skipIf(usesPostgres())(
    'when SQLite itself ended the transaction (a full disk), every turn of the batch fails with that cause',
    async () => {
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      const results = await Promise.allSettled([
        runTurn(ctx(), async (db) => addUser('turn-d').execute(db)),
        runTurn(ctx(), async (db) => {
          // What SQLite does on SQLITE_FULL: the whole transaction is rolled back.
          await sql`rollback`.execute(db);
          throw full;
        }),
      ]);
      expect(results).toEqual([
        { status: 'rejected', reason: full },
        { status: 'rejected', reason: full },
      ]);
      // The connection is usable afterwards.
      const before = await count();
      await runTurn(ctx(), async (db) => addUser('turn-e').execute(db));
      expect(await count()).toBe(before + 1);
    },
  );
});
