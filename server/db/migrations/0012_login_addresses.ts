import type { Kysely } from 'kysely';

/**
 * Addresses each account has signed in from (server/auth/login-throttle.ts): the per-account limit on
 * failed logins applies only to other addresses, so a stranger's guesses cannot lock the owner out of
 * the places they usually sign in from.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('login_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('signed_in_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_addresses').execute();
}
