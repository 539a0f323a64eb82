import { join } from 'node:path';
import { loadJwtSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { connect, type DbHandle, isPostgresUrl } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ping } from './db/ping.ts';

/** Opens and migrates the configured database; shared by the server and the CLI. */
export async function openDatabase(config: Config): Promise<DbHandle> {
  // A mistyped URL must not quietly start on a SQLite file of its own (each process its own database).
  if (config.DATABASE_URL !== undefined && !isPostgresUrl(config.DATABASE_URL)) {
    throw new Error(
      'DATABASE_URL: muss mit postgres:// oder postgresql:// beginnen (ohne DATABASE_URL: SQLite in DATA_DIR).',
    );
  }
  let database: DbHandle | undefined;
  try {
    database = connect({ databaseUrl: config.DATABASE_URL, sqliteFile: join(config.DATA_DIR, 'app.db') });
    await ping(database.db);
  } catch (error) {
    await database?.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      isPostgresUrl(config.DATABASE_URL)
        ? `Die Datenbank unter DATABASE_URL ist nicht erreichbar: ${reason}`
        : `Die Datenbank in DATA_DIR (${config.DATA_DIR}) lässt sich nicht öffnen: ${reason}`,
    );
  }
  await migrateToLatest(database.db);
  return database;
}

export function jwtSecretFor(config: Config): Uint8Array {
  return loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
}

/**
 * What an operator reads when the server cannot start: the cause in one line, named by the setting to
 * change, instead of a stack trace.
 */
export function startupFailure(error: unknown, config?: Pick<Config, 'PORT' | 'HOST'>): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (config && code === 'EADDRINUSE') {
    return `Port ${config.PORT} ist schon belegt: PORT ändern oder den anderen Prozess beenden.`;
  }
  if (config && code === 'EACCES')
    return `Port ${config.PORT} darf dieser Prozess nicht öffnen (PORT ändern).`;
  if (config && (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL' || code === 'EAI_AGAIN')) {
    return `HOST ${config.HOST} ist keine Adresse dieses Rechners.`;
  }
  return error instanceof Error ? error.message : String(error);
}
