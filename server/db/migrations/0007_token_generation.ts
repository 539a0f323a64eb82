import { type Kysely, sql } from 'kysely';

/**
 * Access tokens live up to ACCESS_TOKEN_TTL after their refresh tokens are revoked. Ending all of an
 * account's sessions (logout everywhere, password change or reset, disabling) counts this generation
 * up; access tokens carry the generation they were issued in, and author calls refuse older ones.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('token_generation').execute();
}
