import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the demo seed that no service has: whether to seed, and the id sequence after fixed ids. */

type Db = Kysely<Database>;

/** The demo is seeded only into a database without accounts. */
export async function hasNoAccounts(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** Explicit ids do not move PostgreSQL's serial sequence: without this, the next created manager would collide. */
export async function advanceManagerIdSequence(db: Db): Promise<void> {
  await sql`select setval(pg_get_serial_sequence('dialog_managers', 'id'), (select max(id) from dialog_managers))`.execute(
    db,
  );
}
