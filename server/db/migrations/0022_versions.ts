import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * A dialog's versions (issue 21, server/versions/): immutable snapshots of what a chat plays, stored once
 * per distinct content (unique hash per dialog) and numbered per dialog; the dialog's way of working
 * ('direct' or 'publish') and the version new chats get in 'publish'; the version each session runs on.
 * Existing dialogs become 'direct'; their current content becomes version 1 and their sessions are
 * attached to it when the server starts (versions/first-versions.ts), since making a snapshot needs the
 * code that reads a dialog as chats see it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const versions = db.schema.createTable('dialog_versions');
  await (pg
    ? versions.addColumn('id', 'serial', (c) => c.primaryKey())
    : versions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('note', 'text')
    .addColumn('published_at', 'bigint')
    .addColumn('published_by', 'integer')
    .addUniqueConstraint('dialog_versions_hash', ['survey_id', 'hash'])
    .addUniqueConstraint('dialog_versions_number', ['survey_id', 'number'])
    .execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('version_mode', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();
  await db.schema.alterTable('surveys').addColumn('live_version_id', 'integer').execute();
  await db.schema.alterTable('chat_sessions').addColumn('version_id', 'integer').execute();
  // The history counts each version's chats; the version filter of Analyse selects by it.
  await db.schema.createIndex('chat_sessions_version').on('chat_sessions').column('version_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('chat_sessions_version').execute();
  await db.schema.alterTable('chat_sessions').dropColumn('version_id').execute();
  await db.schema.alterTable('surveys').dropColumn('live_version_id').execute();
  await db.schema.alterTable('surveys').dropColumn('version_mode').execute();
  await db.schema.dropTable('dialog_versions').execute();
}
