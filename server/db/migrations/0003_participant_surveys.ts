import { type Kysely, sql } from 'kysely';

/**
 * Live participants get their credentials per dialog (SPEC §1): register_live and register_live_list
 * record here which dialogs a participant was registered for, and the chat refuses a live token on any
 * other dialog. Deleting a participant's data for a dialog removes the row again.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('participant_surveys')
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addPrimaryKeyConstraint('participant_surveys_pk', ['participant_id', 'survey_id'])
    .execute();
  await db.schema
    .createIndex('participant_surveys_survey')
    .on('participant_surveys')
    .column('survey_id')
    .execute();
  // Every chat turn looks up the caller's newest session of a dialog: one index descent, newest first.
  await db.schema
    .createIndex('chat_sessions_live_owner')
    .on('chat_sessions')
    .columns(['participant_id', 'survey_id', 'mode', 'id'])
    .execute();
  await db.schema
    .createIndex('chat_sessions_test_owner')
    .on('chat_sessions')
    .columns(['user_id', 'survey_id', 'mode', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('chat_sessions_test_owner').execute();
  await db.schema.dropIndex('chat_sessions_live_owner').execute();
  await db.schema.dropTable('participant_surveys').execute();
}
