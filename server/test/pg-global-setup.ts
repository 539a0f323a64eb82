import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { databaseUrl, TEMPLATE_DB, withAdminClient } from './databases.ts';

/** Builds the migrated template database once per PostgreSQL test run. */
export default async function setup(): Promise<void> {
  await withAdminClient(async (c) => {
    const stale = await c.query(
      "SELECT datname FROM pg_database WHERE datname LIKE 'dialogwerk_t_%' OR datname = $1",
      [TEMPLATE_DB],
    );
    for (const row of stale.rows as { datname: string }[]) {
      await c.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
    await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  });
  const handle = connect({ databaseUrl: databaseUrl(TEMPLATE_DB), sqliteFile: ':memory:', poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
}
