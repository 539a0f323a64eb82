import { type Kysely, sql } from 'kysely';

/** One round trip to the database: rejects when it cannot answer. */
export async function ping<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
