import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalytics } from '../../bench/_analytics-seed.ts';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import { insertUser } from '../accounts/queries.ts';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { openDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { usesPostgres } from '../test/databases.ts';

/**
 * On SQLite the summary's queries run on the read pool's workers (server/db/read-pool.ts), so a long
 * summary leaves the event loop free for other requests. The database is a file (an in-memory one has
 * no readers besides its own connection) with a few thousand respondents (bench/_analytics-seed.ts).
 * SQLite only: on PostgreSQL the queries never ran on the event loop.
 */

const RESPONDENTS = 3000;
const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-summary-loop-'));
let database: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let token: string;
let surveyId: string;

describe.skipIf(usesPostgres())('the summary on SQLite', () => {
  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: '/nonexistent-web' });
    database = await openDatabase(config);
    const ownerId = await insertUser(database.db, {
      username: 'analyst',
      email: null,
      emailVerified: false,
      firstName: 'Ana',
      lastName: 'Lyse',
      passwordHash: await hashPassword('correct horse battery'),
      isAdmin: false,
      now: Date.now(),
    });
    surveyId = (await seedAnalytics(database, join(dir, 'app.db'), RESPONDENTS, ownerId, Date.now()))
      .surveyId;
    app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'analyst', password: 'correct horse battery' },
    });
    token = login.json().token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const summary = () =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/summary',
      headers: { authorization: `Bearer ${token}` },
      payload: { survey_id: surveyId, filters: { mode: 'all' } },
    });

  it('leaves the event loop free: a health request answers while a summary runs', async () => {
    // Once, so that the workers are up and the statements prepared: the second run is the quick one.
    expect((await summary()).statusCode).toBe(200);
    let done = false;
    const running = summary().then((res) => {
      done = true;
      return res;
    });
    // A timer fires only when the event loop is free: with the queries on the main thread (better-sqlite3
    // answers synchronously, and Kysely awaits only promises in between) it fired after the whole summary.
    await sleep(0);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(done).toBe(false);
    const res = await running;
    expect(res.statusCode).toBe(200);
    const body = res.json() as SurveySummaryResponse;
    expect(body.headline.started).toBe(RESPONDENTS);
    // Every respondent was shown the first block; left counts those who stopped there (last_block).
    expect(body.blocks[0]?.reached).toBe(RESPONDENTS);
    expect(body.blocks.reduce((n, b) => n + b.left, 0)).toBe(body.headline.started - body.headline.finished);
  });
});
