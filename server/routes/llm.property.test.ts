import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClientAnswer, randomRequest, toInjectOptions } from '../test/arbitraries.ts';
import { liveToken, newDialog } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** Property: GET /api/llm_status answers any request without a 5xx; only an author's token gets the status. */

const t = appForFile({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'test-model' });
const author = authorForFile(t);
let live: string;
beforeAll(async () => {
  live = await liveToken(t, await newDialog(t, author.token));
});

describe('GET /api/llm_status under random input', () => {
  it('never 5xx; 200 with the status exactly for an author token', async () => {
    const query = fc.string({ maxLength: 30 }).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(
        query,
        randomRequest({ survey_id: fc.string() }, [author.token, live]),
        async (q, req) => {
          const res = await t.app.inject(toInjectOptions('GET', `/api/llm_status?x=${q}`, req));
          expectClientAnswer(res);
          if (req.authorization === `Bearer ${author.token}`) {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json()).toEqual({ configured: true, model: 'test-model' });
          } else {
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
