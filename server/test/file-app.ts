import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { jwtSecretFor, openDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';

export interface FileApp {
  dataDir: string;
  app: FastifyInstance;
  database: DbHandle;
  close(): Promise<void>;
}

/**
 * The real app on a SQLite file in a fresh DATA_DIR, as the CLI opens it: for tests that run the CLI in
 * a child process against the same database.
 */
export async function createFileApp(prefix: string): Promise<FileApp> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const opened = await openFileApp(dataDir);
  return {
    dataDir,
    ...opened,
    async close() {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real app on the SQLite file of an existing DATA_DIR (a restored backup, say), as the server opens it. */
export async function openFileApp(dataDir: string): Promise<Omit<FileApp, 'dataDir'>> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, jwtSecret: jwtSecretFor(config), logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
