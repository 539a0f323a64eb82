import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { usesPostgres } from '../test/databases.ts';
import { startCheckpointer } from './checkpointer.ts';
import { connect } from './connect.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(usesPostgres())('WAL checkpoints in a worker thread', () => {
  it('copies committed pages into the database file without the server connection doing it', async () => {
    const file = join(dir, 'app.db');
    const handle = connect({ sqliteFile: file });
    await sql`create table t (x text)`.execute(handle.db);
    for (let i = 0; i < 200; i++) await sql`insert into t values (${'x'.repeat(2000)})`.execute(handle.db);
    const before = statSync(file).size;
    for (let i = 0; i < 100 && statSync(file).size <= before; i++) await sleep(50);
    expect(statSync(file).size).toBeGreaterThan(200 * 2000);
    const limit = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(limit.rows[0]!.wal_autocheckpoint).toBe(10_000);
    await handle.close();
  });

  it('a worker that fails hands checkpoints back to the server connection', async () => {
    let failed = false;
    const checkpointer = startCheckpointer(join(dir, 'missing', 'app.db'), () => {
      failed = true;
    });
    for (let i = 0; i < 200 && !failed; i++) await sleep(25);
    expect(failed).toBe(true);
    await checkpointer.stop();
  });
});
