import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usesPostgres } from '../test/databases.ts';
import { connect, type DbHandle } from './connect.ts';
import { IDLE_MS } from './read-pool.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-read-pool-'));
let handle: DbHandle;

// SQLite only: on PostgreSQL reads is the server's own pool.
describe.skipIf(usesPostgres())('the SQLite read pool', () => {
  beforeAll(async () => {
    handle = connect({ sqliteFile: join(dir, 'app.db') });
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1), (2), (3)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads what the server wrote, with parameters', async () => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from t where x >= ${2}`.execute(
      handle.reads,
    );
    expect(rows).toEqual([{ n: 2 }]);
    await sql`insert into t values (4)`.execute(handle.db);
    const after = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.reads);
    expect(after.rows).toEqual([{ n: 4 }]);
  });

  it('keeps a transaction on one worker, temporary tables included, with more passes than workers', async () => {
    const pass = (min: number) =>
      handle.reads.transaction().execute(async (trx) => {
        await sql`create temporary table picked (x integer primary key)`.execute(trx);
        await sql`insert into picked select x from t where x >= ${min}`.execute(trx);
        const { rows } = await sql<{ n: number }>`select count(*) as n from picked`.execute(trx);
        await sql`drop table picked`.execute(trx);
        return rows[0]?.n;
      });
    expect(await Promise.all([pass(1), pass(3), pass(4)])).toEqual([4, 2, 1]);
  });

  it('never writes the database, and a failed query leaves the pool working', async () => {
    await expect(sql`insert into t values (5)`.execute(handle.reads)).rejects.toThrow(/readonly/);
    await expect(sql`select nope from t`.execute(handle.reads)).rejects.toThrow(/no such column/);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.reads);
    expect(rows).toEqual([{ n: 4 }]);
  });

  it('keeps a small page cache on each worker', async () => {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.reads);
    expect(rows).toEqual([{ cache_size: -2000 }]);
  });

  it('stops idle workers and starts new ones on demand', async () => {
    await sql`select 1`.execute(handle.reads);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 300));
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.reads);
    expect(rows).toEqual([{ n: 4 }]);
  });
});
