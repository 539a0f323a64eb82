import { join } from 'node:path';
import { loadJwtSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { connect, type DbHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Opens and migrates the configured database; shared by the server and the CLI. */
export async function openDatabase(config: Config): Promise<DbHandle> {
  const database = connect({ databaseUrl: config.DATABASE_URL, sqliteFile: join(config.DATA_DIR, 'app.db') });
  await migrateToLatest(database.db);
  return database;
}

export function jwtSecretFor(config: Config): Uint8Array {
  return loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
}
