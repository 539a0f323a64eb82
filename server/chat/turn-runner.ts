import { CompiledQuery, type Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { heldConnection, holdConnection, runOn } from '../db/held-connection.ts';
import type { Database } from '../db/schema.ts';

/**
 * Runs each chat turn in a transaction whose commit precedes the turn's response.
 *
 * On SQLite the commit (writing the turn's pages to the WAL) costs more than the rest of a turn, and the
 * one connection runs one transaction at a time anyway. So turns that arrive while a commit is under way
 * are grouped: the next transaction runs them one after another, each in its own savepoint (a turn that
 * fails leaves no trace and fails alone), commits once, and only then answers all of them. Every
 * acknowledged turn is still committed before its response; turns of one chat still see each other in
 * order. On PostgreSQL each turn is its own transaction (the server groups commits itself and the pool
 * runs turns in parallel).
 */

type Db = Kysely<Database>;
export type TurnFn<T> = (db: Db) => Promise<T>;

interface Job {
  fn: TurnFn<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Enough to amortise a commit; small enough that no other query waits long for the connection. */
const MAX_TURNS_PER_COMMIT = 64;

/**
 * Each turn's savepoint, compiled once and run on the batch's transaction: Kysely's savepoint() builds
 * and compiles the command and a new transaction object for every turn, a tenth of what the group
 * commit cost per turn (bench/chat-turns.ts).
 */
const SAVEPOINT = CompiledQuery.raw('savepoint "turn"');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to "turn"');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release "turn"');

/** A savepoint command on the batch's transaction, straight on its connection while it holds it. */
async function execute(trx: Db, command: CompiledQuery): Promise<void> {
  const connection = heldConnection(trx);
  if (connection) runOn(connection, command);
  else await trx.executeQuery(command);
}

class SqliteGroupCommit {
  private queue: Job[] = [];
  private draining = false;

  constructor(private readonly db: Db) {}

  run<T>(fn: TurnFn<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // better-sqlite3 is synchronous, so a batch runs without ever yielding to I/O: waiting for the
        // check phase lets every request that arrived in this loop iteration join the batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length > 0) {
      await this.commitBatch(this.queue.splice(0, MAX_TURNS_PER_COMMIT));
    }
    this.draining = false;
  }

  private async commitBatch(batch: Job[]) {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      const trx = await this.db.startTransaction().execute();
      // The batch's prepared queries run on the connection the transaction holds (db/held-connection.ts).
      const release = holdConnection(this.db, trx);
      try {
        for (const job of batch) {
          await execute(trx, SAVEPOINT);
          try {
            outcomes.push({ ok: true, value: await job.fn(trx) });
          } catch (error) {
            // Some failures (a full disk, an I/O error) end SQLite's whole transaction: then this turn's
            // error is the batch's, not the savepoint's that no longer exists.
            await execute(trx, ROLLBACK_TO_SAVEPOINT).catch(() => {
              throw error;
            });
            outcomes.push({ ok: false, error });
          }
          await execute(trx, RELEASE_SAVEPOINT);
        }
        release();
        await trx.commit().execute();
      } catch (error) {
        release();
        // SQLite may have rolled back already (see above): the cause is what to report.
        await trx
          .rollback()
          .execute()
          .catch(() => {});
        throw error;
      }
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

// One runner per database (apps on different databases in one process, as in tests, stay apart).
const runners = new WeakMap<Db, SqliteGroupCommit>();

export function runTurn<T>(ctx: Pick<AppContext, 'db' | 'dbKind'>, fn: TurnFn<T>): Promise<T> {
  if (ctx.dbKind !== 'sqlite') return ctx.db.transaction().execute(fn);
  let runner = runners.get(ctx.db);
  if (!runner) {
    runner = new SqliteGroupCommit(ctx.db);
    runners.set(ctx.db, runner);
  }
  return runner.run(fn);
}
