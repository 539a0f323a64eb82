import { type Kysely, sql } from 'kysely';

/**
 * A training's progress and the heartbeat of the process running it, in its training_models row: with
 * several server processes, a status call reaches any of them, and only the row tells the others how far
 * the training is and whether its process still lives.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('training_models')
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.alterTable('training_models').addColumn('heartbeat_at', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('training_models').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('training_models').dropColumn('progress').execute();
}
