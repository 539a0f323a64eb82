import type { Kysely } from 'kysely';

/**
 * The confidence threshold an author sets per free-text block (training issue). A table of its own, not
 * the block's data: setting it must not make the block's open edits stale, and it applies to every
 * model version of the block, including ones trained later.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('training_thresholds')
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('training_thresholds_pk', ['survey_id', 'unique_question_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('training_thresholds').execute();
}
