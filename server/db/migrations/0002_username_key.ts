import type { Kysely } from 'kysely';

/**
 * Usernames are unique regardless of case on both databases. SQL lower() cannot decide that: SQLite's
 * lower() only folds ASCII, so 'ÄRGER' and 'ärger' would differ there. The key is computed in
 * JavaScript instead (auth/users.ts normalizeUsername) and carries the unique index.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

// The rule of normalizeUsername when this migration was written; a later change needs its own migration.
const keyOf = (username: string) => username.normalize('NFKC').toLowerCase();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  for (const user of users as { id: number; username: string }[]) {
    await db
      .updateTable('users')
      .set({ username_key: keyOf(user.username) })
      .where('id', '=', user.id)
      .execute();
  }
  await db.schema
    .createIndex('users_username_key_unique')
    .on('users')
    .column('username_key')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_username_key_unique').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
