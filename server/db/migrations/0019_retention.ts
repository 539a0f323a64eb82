import { type Kysely, sql } from 'kysely';

/**
 * Retention (server/retention/): a dialog's 'Antworten löschen nach N Tagen' (null: kept), an index to
 * find sessions by last activity, and the lease rows that let one process of several run a job.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('surveys').addColumn('retention_days', 'integer').execute();
  await db.schema
    .createIndex('chat_sessions_activity')
    .on('chat_sessions')
    .columns(['survey_id', 'updated_at'])
    .execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('until', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.insertInto('job_leases').values({ name: 'retention', holder: '', until: 0 }).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropIndex('chat_sessions_activity').execute();
  await db.schema.alterTable('surveys').dropColumn('retention_days').execute();
}
