import type { Kysely } from 'kysely';

/**
 * Hidden fields (issue 22): the link parameters a dialog takes from a panel or CRM (`?pid=123`), declared
 * per dialog, and the values a session started with (JSON on chat_sessions).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('hidden_fields')
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_fields_pk', ['survey_id', 'name'])
    .execute();
  await db.schema.alterTable('chat_sessions').addColumn('hidden_fields', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('hidden_fields').execute();
  await db.schema.dropTable('hidden_fields').execute();
}
