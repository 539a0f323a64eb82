import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { expectClientAnswer, randomRequest, toInjectOptions } from '../test/arbitraries.ts';
import { authorSession, liveToken, newDialog } from '../test/dialogs.ts';

/** Property: GET /api/llm_status answers any request without a 5xx; only an author's token gets the status. */

let t: TestApp;
let author: string;
let live: string;
beforeAll(async () => {
  t = await createTestApp({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'test-model' });
  author = (await authorSession(t)).token;
  live = await liveToken(t, await newDialog(t, author));
});
afterAll(() => t.close());

describe('GET /api/llm_status under random input', () => {
  it('never 5xx; 200 with the status exactly for an author token', async () => {
    const query = fc.string({ maxLength: 30 }).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(query, randomRequest({ survey_id: fc.string() }, [author, live]), async (q, req) => {
        const res = await t.app.inject(toInjectOptions('GET', `/api/llm_status?x=${q}`, req));
        expectClientAnswer(res);
        if (req.authorization === `Bearer ${author}`) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({ configured: true, model: 'test-model' });
        } else {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
        }
      }),
      { numRuns: 150 },
    );
  });
});
