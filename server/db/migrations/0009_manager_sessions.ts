import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Multi-dialog chats (issue 7): a manager session is one caller's play of a dialog manager's game; it
 * owns one chat session per connected dialog it reached (chat_sessions.manager_session_id) and keeps
 * the game's own state (which dialog is active, which questions are done, a pending waitAPI).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('manager_sessions');
  await (db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('dialog_manager_id', 'integer', (c) =>
      c.notNull().references('dialog_managers.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (c) => c.references('participants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('manager_sessions_participant')
    .on('manager_sessions')
    .columns(['participant_id', 'dialog_manager_id'])
    .execute();
  await db.schema
    .createIndex('manager_sessions_user')
    .on('manager_sessions')
    .columns(['user_id', 'dialog_manager_id'])
    .execute();
  await db.schema
    .createIndex('chat_sessions_manager_session')
    .on('chat_sessions')
    .column('manager_session_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('chat_sessions_manager_session').execute();
  await db.schema.dropTable('manager_sessions').execute();
}
