import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The audit log (server/audit/): security-relevant actions with who, when, from which address and what.
 * No foreign keys: an entry outlives the account and the dialog it names, and nothing changes it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('audit_log');
  await (db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('survey_id', 'integer')
    .addColumn('survey_public_id', 'text')
    .addColumn('survey_owner_id', 'integer')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
  await db.schema.createIndex('audit_log_owner').on('audit_log').columns(['survey_owner_id', 'id']).execute();
  await db.schema.createIndex('audit_log_survey').on('audit_log').columns(['survey_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
