import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
}

// PostgreSQL returns int8 and numeric as strings; every such value here is a millisecond timestamp or
// a count that fits a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/** Opens the database: PostgreSQL for a postgres:// URL, otherwise SQLite at the given file (or :memory:). */
export function connect(options: { databaseUrl?: string; sqliteFile: string; poolSize?: number }): DbHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
