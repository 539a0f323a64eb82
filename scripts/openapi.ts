// Prints the API's OpenAPI document (the one served at /api/docs/json), generated from the endpoint
// table, for review and diffing: `npx tsx scripts/openapi.ts > openapi.json`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-openapi-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'web') });
const database = connect({ sqliteFile: join(dir, 'openapi.db') });
await migrateToLatest(database.db);
const app = await buildApp({ config, database, jwtSecret: new Uint8Array(32), logger: false });
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
process.stdout.write(`${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
