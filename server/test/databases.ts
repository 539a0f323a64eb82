import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type DbHandle } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh database for one test file: SQLite in memory, or on PostgreSQL (TEST_DIALECT=postgres) a copy
 * of the migrated template made by the global setup, dropped again by close().
 */
/** Test databases are named <prefix><creation epoch seconds>_<random>; see pg-global-setup.ts. */
export const TEST_DB_PREFIX = 'dialogwerk_t_';
export const STALE_AFTER_SECONDS = 3600;

export function usesPostgres(): boolean {
  return process.env.TEST_DIALECT === 'postgres';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL tests');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.href;
}

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<DbHandle> {
  if (!usesPostgres()) {
    const handle = connect({ sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `${TEST_DB_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const handle = connect({ databaseUrl: databaseUrl(name), sqliteFile: ':memory:', poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
