import { type Kysely, sql } from 'kysely';

/**
 * An administrator can expire an account's password (issue 5): the next login answers 418 until the
 * password is reset. A flag of its own, because password_changed_at only expires passwords when
 * PASSWORD_MAX_AGE_DAYS is set, and the real change time stays worth keeping.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('password_expired', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_expired').execute();
}
