import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema.ts';

/**
 * Long reads (the Analyse module's aggregations over every answer of a dialog) on SQLite would hold the
 * event loop for their whole run: better-sqlite3 answers synchronously, so chat turns waited, and the
 * overload guard answered them 503. A read pool runs such queries on read-only connections in worker
 * threads instead; WAL lets them read beside the server's writer. It is a Kysely dialect: queries are
 * built and compiled in the main thread as usual, and a worker only prepares and runs the SQL. Each
 * worker is one Kysely connection, so a transaction (or `connection()`) keeps its queries on one worker,
 * and independent passes run at the same time on different workers.
 */
export const READ_POOL_SIZE = Math.min(2, availableParallelism());

const STATEMENTS_KEPT = 200;

// Plain CommonJS run by the worker itself, so it needs no TypeScript loader in its thread (source runs,
// tests and the built server alike), as in checkpointer.ts. A statement that returns no rows (begin,
// commit, a temporary table's DDL and inserts) answers what Kysely's SQLite driver would.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');
// Temporary tables, sorts and the ephemeral tables of count(distinct) in SQLite's temporary files
// (an own small page cache, spilled to the system's file cache only when it overflows), not in memory:
// in memory a summary of 100,000 respondents took about 15 MB more, which stayed with the worker and
// topped an export's peak (bench/analytics.ts), at the same speed.
db.pragma('temp_store = FILE');
// SQLite's own default page cache (2 MB) instead of better-sqlite3's 16 MB: these connections read
// indexes once per query, which the system's file cache serves as well, and a worker's cache counts
// in the server's memory (the summary took 28 MB more with two workers, at the same speed).
db.pragma('cache_size = -2000');
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size >= workerData.statementsKept) statements.delete(statements.keys().next().value);
    statements.set(sql, statement);
  }
  return statement;
}
parentPort.on('message', ({ sql, parameters }) => {
  try {
    const statement = prepare(sql);
    if (statement.reader) {
      parentPort.postMessage({ rows: statement.all(parameters) });
    } else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      parentPort.postMessage({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message), code: error && error.code });
  }
});
`;

interface Reply {
  rows: unknown[];
  numAffectedRows?: bigint;
  insertId?: bigint;
  error?: string;
  code?: string;
}

/** One worker with its connection; runs one query at a time (Kysely never sends a connection two). */
class WorkerConnection implements DatabaseConnection {
  private readonly worker: Worker;
  private pending: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(file: string, sqlite: string) {
    this.worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { file, sqlite, statementsKept: STATEMENTS_KEPT },
    });
    // An idle pool never keeps the process alive; a query in flight does (see executeQuery).
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const pending = this.pending;
      this.pending = null;
      this.worker.unref();
      pending?.resolve(reply);
    });
    const fail = (error: Error) => {
      this.failure = error;
      this.pending?.reject(error);
      this.pending = null;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`read worker exited (${code})`)));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.failure) throw this.failure;
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.ref();
      this.worker.postMessage({ sql: query.sql, parameters: query.parameters });
    });
    if (reply.error !== undefined) {
      throw Object.assign(new Error(reply.error), { code: reply.code });
    }
    return {
      rows: reply.rows as R[],
      ...(reply.numAffectedRows === undefined
        ? {}
        : { numAffectedRows: reply.numAffectedRows, insertId: reply.insertId }),
    };
  }

  // biome-ignore lint/correctness/useYield: a worker answers a query whole; there is nothing to stream
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('The read pool does not stream.');
  }

  get failed() {
    return this.failure !== null;
  }

  terminate() {
    return this.worker.terminate();
  }
}

/**
 * Hands each acquirer an idle worker, a new one while fewer than `size` run, or the next one released; a
 * failed worker is dropped. Workers start on demand and stop after IDLE_MS without a query: each holds
 * a V8 isolate and a page cache (about 20 MB), which would otherwise stay beside a long export's buffers.
 */
export const IDLE_MS = 1000;

class ReadPoolDriver implements Driver {
  private readonly idle: WorkerConnection[] = [];
  private readonly all = new Set<WorkerConnection>();
  private readonly waiting: ((c: WorkerConnection) => void)[] = [];
  private readonly idleTimers = new Map<WorkerConnection, NodeJS.Timeout>();

  constructor(
    private readonly file: string,
    private readonly size: number,
  ) {}

  private spawn() {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const connection = new WorkerConnection(this.file, sqlite);
    this.all.add(connection);
    return connection;
  }

  private retire(connection: WorkerConnection) {
    clearTimeout(this.idleTimers.get(connection));
    this.idleTimers.delete(connection);
    this.all.delete(connection);
    const at = this.idle.indexOf(connection);
    if (at !== -1) this.idle.splice(at, 1);
    return connection.terminate();
  }

  async init() {}

  acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.idle.pop();
    if (connection) {
      clearTimeout(this.idleTimers.get(connection));
      this.idleTimers.delete(connection);
      return Promise.resolve(connection);
    }
    if (this.all.size < this.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(released: DatabaseConnection) {
    const connection = released as WorkerConnection;
    if (connection.failed) {
      await this.retire(connection);
      const waiter = this.waiting.shift();
      if (waiter) waiter(this.spawn());
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter(connection);
      return;
    }
    this.idle.push(connection);
    const timer = setTimeout(() => void this.retire(connection), IDLE_MS);
    timer.unref();
    this.idleTimers.set(connection, timer);
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy() {
    await Promise.all([...this.all].map((c) => this.retire(c)));
  }
}

/** A Kysely instance that reads the SQLite database `file` on `size` worker threads. */
export function createReadPool(file: string, size = READ_POOL_SIZE): Kysely<Database> {
  const driver = new ReadPoolDriver(file, size);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  return new Kysely<Database>({ dialect });
}
