import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { createTestDatabase } from '../test/databases.ts';

/**
 * SPEC §8: under overload the server answers 503 with title server_busy. Event-loop delay cannot be
 * produced on cue, so the test sets a heap limit that any process exceeds: from the first sample on,
 * the server is under pressure, deterministically, and the chat calls must answer as SPEC says.
 */

let database: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-dir',
      WEB_DIST_DIR: '/nonexistent-web',
    }),
    database,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    pressure: { maxHeapUsedBytes: 1, sampleInterval: 10 },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('overload', () => {
  it('the chat calls answer 503 server_busy with the SPEC text', async () => {
    const start = () => app.inject({ method: 'POST', url: '/api/chat/start', payload: { survey_id: 'x' } });
    let res = await start();
    // Until the first sample (10 ms) the limits are not known yet.
    for (let i = 0; i < 200 && res.statusCode !== 503; i++) {
      await sleep(10);
      res = await start();
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ title: ERROR_TITLES.serverBusy, msg: MESSAGES.serverBusy });
    for (const url of [
      '/api/chat/answer',
      '/api/chat/history',
      '/api/restart_delete',
      '/api/get_survey_language',
    ]) {
      const busy = await app.inject({ method: 'POST', url, payload: {} });
      expect(busy.statusCode).toBe(503);
      expect(busy.json().title).toBe('server_busy');
    }
  });
});
