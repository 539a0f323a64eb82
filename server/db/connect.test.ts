import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, usesPostgres, withAdminClient } from '../test/databases.ts';

describe.skipIf(!usesPostgres())('PostgreSQL pool', () => {
  it('survives the server ending an idle connection: the next query connects anew', async () => {
    const database = await createTestDatabase();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = rows[0]!.pid;
      // The connection is idle in the pool now; the server ends it as a restart or failover would.
      await withAdminClient((c) => c.query('select pg_terminate_backend($1)', [pid]));
      await vi.waitFor(() =>
        expect(stderr).toHaveBeenCalledWith(expect.stringContaining('an idle connection failed')),
      );
      const again = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      stderr.mockRestore();
      await database.close();
    }
  });
});
