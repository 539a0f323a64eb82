import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Quotas (issue 22, server/quotas/): a dialog's quotas, and which finished live sessions each counted.
 * The count is the number of member rows, taken under a lock of the quota's row, so it is exact across
 * transactions and processes; a deleted session leaves its quotas with it (ON DELETE CASCADE).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const quotas = db.schema.createTable('quotas');
  await (pg
    ? quotas.addColumn('id', 'serial', (c) => c.primaryKey())
    : quotas.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('limit_count', 'integer', (c) => c.notNull())
    .addColumn('end_block', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotas_survey').on('quotas').column('survey_id').execute();
  await db.schema
    .createTable('quota_members')
    .addColumn('quota_id', 'integer', (c) => c.notNull().references('quotas.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('quota_members_pk', ['quota_id', 'session_id'])
    .execute();
  // Deleting a session looks up its memberships.
  await db.schema.createIndex('quota_members_session').on('quota_members').column('session_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('quota_members').execute();
  await db.schema.dropTable('quotas').execute();
}
