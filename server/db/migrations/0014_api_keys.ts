import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Personal API keys (issue 22): the key's SHA-256 (the key itself is shown once), its scopes (JSON),
 * expiry, last use and revocation; and one counter row per key and minute for the rate limit, counted
 * up atomically so that every server process sees the same count.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('api_keys');
  await (db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
  await db.schema
    .createTable('api_key_windows')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_windows_pk', ['key_id', 'window_start'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_key_windows').execute();
  await db.schema.dropTable('api_keys').execute();
}
