import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { databaseUrl, STALE_AFTER_SECONDS, TEST_DB_PREFIX, withAdminClient } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/**
 * Builds the migrated template database once per PostgreSQL test run, under a name of its own so that
 * runs in parallel (two developers, or a developer and CI) never drop each other's databases. Names carry
 * their creation time; leftovers of crashed runs older than an hour are dropped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const nowSec = Math.floor(Date.now() / 1000);
  const template = `${TEST_DB_PREFIX}${nowSec}_${randomBytes(3).toString('hex')}_tpl`;
  await withAdminClient(async (c) => {
    const all = await c.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${TEST_DB_PREFIX}%`,
    ]);
    for (const { datname } of all.rows as { datname: string }[]) {
      const created = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
      if (!Number.isFinite(created) || created < nowSec - STALE_AFTER_SECONDS) {
        await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
    await c.query(`CREATE DATABASE ${template}`);
  });
  const handle = connect({ databaseUrl: databaseUrl(template), sqliteFile: ':memory:', poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('pgTemplate', template);
  return async () => {
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}
