import type { CompiledQuery, Kysely, QueryResult, SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Compiled queries run straight on the SQLite connection while a transaction that holds it is known
 * (the chat's group commit, server/chat/turn-runner.ts). Kysely runs each query through its executor,
 * its connection provider and the driver's promises: about three times what better-sqlite3 needs for a
 * short statement, and a chat turn runs seven of them. While a transaction is open Kysely's SQLite
 * driver holds its one connection for it, so a statement run on that connection is run in that
 * transaction, exactly as Kysely would have run it.
 */

type Db = Kysely<Database>;

/** A SQLite database's one connection (connect.ts), by the Kysely instance that opened it. */
const connections = new WeakMap<Db, SqliteDatabase>();
/** The transactions that hold their database's connection now, with it. */
const held = new WeakMap<Db, SqliteDatabase>();

export function registerSqliteConnection(db: Db, connection: SqliteDatabase): void {
  connections.set(db, connection);
}

/**
 * Marks trx, a transaction of db that is open, as holding db's connection until the returned function
 * is called (before the transaction ends). Nothing when db is not a registered SQLite database.
 */
export function holdConnection(db: Db, trx: Db): () => void {
  const connection = connections.get(db);
  if (!connection) return () => {};
  held.set(trx, connection);
  return () => held.delete(trx);
}

/** The connection db holds (db: a transaction marked by holdConnection), else undefined. */
export const heldConnection = (db: Db): SqliteDatabase | undefined => held.get(db);

/** Runs a compiled query on a connection and answers as Kysely's SQLite driver does. */
export function runOn<R>(connection: SqliteDatabase, query: CompiledQuery<R>): QueryResult<R> {
  const statement = connection.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}
