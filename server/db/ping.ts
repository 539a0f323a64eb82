import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** The smallest query: it fails while the database cannot answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
