import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPageName, PAGE_NAMES } from '../../contract/pages.ts';
import { expectClientAnswer, randomRequest, toInjectOptions, urlChar } from '../test/arbitraries.ts';
import { appForFile } from '../test/per-file.ts';

/** Property: the public GET calls answer every request without a 5xx. */

const t = appForFile();

describe('GET /api/pages/:name under random input', () => {
  it('a known name is 200, anything else 404, never 5xx', async () => {
    const name = fc.oneof(fc.constantFrom(...PAGE_NAMES), fc.string(), fc.string({ unit: 'binary' }));
    await fc.assert(
      fc.asyncProperty(name, randomRequest({ name: fc.string() }, ['a.b.c']), async (n, req) => {
        const res = await t.app.inject(toInjectOptions('GET', `/api/pages/${encodeURIComponent(n)}`, req));
        expectClientAnswer(res);
        expect(res.statusCode).toBe(isPageName(n) ? 200 : 404);
        if (res.statusCode === 200) expect(res.json().name).toBe(n);
      }),
      { numRuns: 200 },
    );
  });

  it('raw, badly escaped paths are 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: urlChar, maxLength: 30 }), async (raw) => {
        expectClientAnswer(await t.app.inject({ method: 'GET', url: `/api/pages/${raw}` }));
      }),
      { numRuns: 200 },
    );
  });
});

describe('GET /api/health under random input', () => {
  it('answers 200 whatever the headers, body and query', async () => {
    const query = fc.string({ unit: urlChar, maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(query, randomRequest({}, ['a.b.c']), async (q, req) => {
        const res = await t.app.inject(toInjectOptions('GET', `/api/health?${q}`, req));
        expect(res.statusCode, res.body).toBe(200);
      }),
      { numRuns: 150 },
    );
  });
});
