import type { Kysely } from 'kysely';

/**
 * The language model's short reason for the branch it chose (issue 19, section 2), beside the branch,
 * confidence and source of a routed free-text answer: the author sees why in Testen and the inbox. Null
 * on answers no language model decided.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('answers').addColumn('routing_reason', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('routing_reason').execute();
}
