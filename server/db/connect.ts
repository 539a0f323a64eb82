import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import {
  DEFAULT_CHECKPOINT_LIMIT_PAGES,
  startCheckpointer,
  WORKER_CHECKPOINT_LIMIT_PAGES,
} from './checkpointer.ts';
import { registerSqliteConnection } from './held-connection.ts';
import { createReadPool } from './read-pool.ts';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /**
   * Where long reads run (the Analyse module): on a SQLite file, read-only connections in worker threads
   * (read-pool.ts), so that they never hold the event loop; otherwise the same database as db.
   */
  reads: Kysely<Database>;
  /** The PostgreSQL connection string: a LISTEN needs a connection of its own (server/multichat/notify.ts). */
  url?: string;
  /** The PostgreSQL pool's connections, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// PostgreSQL returns int8 and numeric as strings; every such value here is a millisecond timestamp or
// a count that fits a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Requests fail fast (503, see http/error-handler.ts) instead of piling up while PostgreSQL is out of
 * reach: a connection must be made within 5 s, and no statement runs longer than a minute (the longest,
 * an Analyse summary of 100,000 respondents, takes about a second; the export reads in pages), also when
 * the network swallows the answer (query_timeout is the client's own clock).
 */
const PG_TIMEOUTS = { connectionTimeoutMillis: 5_000, statement_timeout: 60_000, query_timeout: 65_000 };

const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a short query. The same
 * SQL text reuses its prepared statement (Kysely runs one query at a time on SQLite, so a statement is
 * never used by two queries at once).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens the database: PostgreSQL for a postgres:// URL, otherwise SQLite at the given file (or :memory:). */
export function connect(options: { databaseUrl?: string; sqliteFile: string; poolSize?: number }): DbHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...PG_TIMEOUTS,
    });
    // An idle connection that the server ended (restart, failover, a dropped database) emits 'error'
    // on the pool, and without a listener Node ends the process. The pool discards that client; the
    // next query connects anew.
    pool.on('error', (err) => {
      process.stderr.write(`PostgreSQL: an idle connection failed and is replaced (${err.message})\n`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return {
      db,
      reads: db,
      kind: 'postgres',
      url: options.databaseUrl,
      poolStats,
      close: () => db.destroy(),
    };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals in memory: every chat turn runs in a savepoint of its batch (chat/turn-runner.ts)
  // and SQLite keeps the pages it changes there in a statement journal, which as a temporary file cost
  // about 40 µs per turn, a sixth of the turn (bench/chat-turns.ts). A journal holds one turn's pages;
  // the main database and its WAL, and so durability, are untouched.
  sqlite.pragma('temp_store = MEMORY');
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  registerSqliteConnection(db, connection);
  // An in-memory database is this connection's alone: no other connection can read it.
  if (options.sqliteFile === ':memory:') return { db, reads: db, kind: 'sqlite', close: () => db.destroy() };
  sqlite.pragma(`wal_autocheckpoint = ${WORKER_CHECKPOINT_LIMIT_PAGES}`);
  const checkpointer = startCheckpointer(options.sqliteFile, () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_LIMIT_PAGES}`);
  });
  const reads = createReadPool(options.sqliteFile);
  return {
    db,
    reads,
    kind: 'sqlite',
    async close() {
      await reads.destroy();
      await db.destroy();
      await checkpointer.stop();
    },
  };
}
