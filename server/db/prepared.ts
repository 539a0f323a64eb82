import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { heldConnection, runOn } from './held-connection.ts';
import type { Database } from './schema.ts';

/**
 * A Kysely query that is built and compiled once per dialect and then only run. Kysely builds and
 * compiles a query on every call, which costs more than SQLite needs to run a short one; on the chat's
 * hot path that was a fifth of the server's time. The query is built with a marker in place of each
 * argument; a run binds the arguments where the markers ended up in the compiled parameters.
 *
 * Arguments must be plain values that Kysely passes as parameters (not raw SQL, not lists for `in`).
 * In a transaction that holds the SQLite connection (held-connection.ts) the query runs on it directly.
 */
type Db = Kysely<Database>;

class Marker {
  constructor(readonly index: number) {}
}

export function prepared<Args extends unknown[], R>(
  arity: Args['length'],
  build: (db: Db, ...args: Args) => Compilable<R>,
): (db: Db, ...args: Args) => Promise<QueryResult<R>> {
  // Keyed by the adapter's class: the SQL differs between SQLite and PostgreSQL, not between databases.
  const compiled = new Map<unknown, CompiledQuery<R>>();
  return (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let query = compiled.get(dialect);
    if (!query) {
      const markers = Array.from({ length: arity }, (_, i) => new Marker(i)) as Args;
      query = build(db, ...markers).compile();
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Marker ? args[p.index] : p));
    const connection = heldConnection(db);
    if (!connection) return db.executeQuery<R>({ ...query, parameters });
    try {
      return Promise.resolve(runOn(connection, { ...query, parameters }));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
