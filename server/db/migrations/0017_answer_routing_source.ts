import type { Kysely } from 'kysely';

/**
 * What routed a free-text answer into its branch (issue 19, section 3), beside the branch and confidence
 * the answers table already holds: 'model' (the block's trained classifier), 'labels' (matching the
 * branch names, no model trained), later 'embeddings' or 'llm'. Null on every other answer, and on
 * answers stored before this migration.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('answers').addColumn('routing_source', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('routing_source').execute();
}
