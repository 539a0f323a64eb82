import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Random and malformed requests for the property tests: "no input gives a 5xx, and every error is
 * { title, msg } in German" (ARCHITECTURE.md, "The API").
 */

const BODY_LIMIT = 1_048_576;

/** Characters that make URLs and their segments interesting: broken percent-escapes, dots, separators, digits. */
export const urlChar = fc.constantFrom(
  ...['%', 'E', '0', '3', '9', 'A', 'a', '/', '.', '?', '#', '&', '=', ';', '-', '_', '~', ':', '@', '+'],
);

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  'null',
  'undefined',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '💥🎉',
  'Ärger ÖL ß',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '{{operator_name}}',
  '__proto__',
);

/** Longer than any field allows, and sometimes longer than the whole body may be. */
const hugeString = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 201, max: 70_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(BODY_LIMIT + 10), 'ü'.repeat(BODY_LIMIT / 2 + 10)) },
);

export const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 50 }) },
  { weight: 3, arbitrary: nastyStrings },
  { weight: 1, arbitrary: hugeString },
);

const jsonValue = fc.jsonValue({ maxDepth: 5 });

const textUnit = fc.oneof(
  { weight: 24, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);

/** Text within a field's bounds: mostly printable, sometimes any code point or a NUL (PostgreSQL refuses it). */
export const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: textUnit, minLength, maxLength });

/** A value for one field: a plausible one, or the wrong type, or junk. */
function fieldValue(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 20, arbitrary: plausible },
    { weight: 2, arbitrary: junkString },
    { weight: 1, arbitrary: jsonValue },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER) },
    { weight: 1, arbitrary: fc.array(junkString, { maxLength: 60 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string(), jsonValue, { maxKeys: 5 }) },
  );
}

/** An object with the call's fields (each one maybe missing or wrong) and maybe extra keys. */
export function objectBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const model = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldValue(v)]));
  const dropped = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.subarray(Object.keys(fields)) },
  );
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.string(), jsonValue, { maxKeys: 4 }) },
  );
  return fc.tuple(fc.record(model), dropped, extra).map(([known, drop, more]) => {
    const body: Record<string, unknown> = { ...more, ...known };
    for (const key of drop) delete body[key];
    return body;
  });
}

export interface RandomBody {
  contentType?: string;
  payload?: string;
}

const json = (value: unknown): RandomBody => ({
  contentType: 'application/json',
  payload: JSON.stringify(value),
});

const contentType = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    'application/octet-stream',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/jsonx',
    ';;;',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

/** Bodies: well-formed JSON of the wrong shape, broken JSON, deep nesting, other media types, none. */
export function randomBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<RandomBody> {
  return fc.oneof(
    { weight: 6, arbitrary: objectBody(fields).map(json) },
    { weight: 2, arbitrary: jsonValue.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string(),
          nastyStrings,
          objectBody(fields).map((v) => JSON.stringify(v).slice(0, -1)),
        )
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 20_000 })
        .map((n) => ({ contentType: 'application/json', payload: `${'['.repeat(n)}${']'.repeat(n)}` })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType,
        payload: fc.oneof(
          fc.string(),
          objectBody(fields).map((v) => JSON.stringify(v)),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 80 });

/** Any header the client may send, with odd values; Authorization is generated separately. */
export const randomHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.dictionary(
      fc
        .stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
        .filter((n) => !['content-type', 'content-length', 'transfer-encoding', 'authorization'].includes(n)),
      headerValue,
      { maxKeys: 4 },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<Record<string, string>>(
          { 'content-length': '3' },
          { 'content-length': 'abc' },
          { 'content-length': String(BODY_LIMIT * 10) },
          { 'content-encoding': 'gzip' },
          { 'x-forwarded-for': '999.1.1.1, ::ffff:junk, ' },
          { 'accept-version': '9.x' },
          { accept: 'text/html' },
          { cookie: 'a=b; c' },
        ),
      },
    ),
  )
  .map(([random, curated]) => ({ ...random, ...curated }));

/** Authorization values: none, junk, junk bearer tokens, and the given real tokens (often in the wrong place). */
export function authorization(realTokens: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    headerValue,
    headerValue.map((s) => `Bearer ${s}`),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer null',
      'Bearer undefined',
      'Basic dXNlcjpwYXNz',
      'bearer a.b.c',
    ),
    fc.constantFrom(...realTokens).map((token) => `Bearer ${token}`),
  );
}

export interface RandomRequest {
  body: RandomBody;
  headers: Record<string, string>;
  authorization: string | undefined;
}

export function randomRequest(
  fields: Record<string, fc.Arbitrary<unknown>>,
  realTokens: string[],
): fc.Arbitrary<RandomRequest> {
  return fc.record({
    body: randomBody(fields),
    headers: randomHeaders,
    authorization: authorization(realTokens),
  });
}

export function toInjectOptions(method: 'GET' | 'POST', url: string, req: RandomRequest): InjectOptions {
  const headers: Record<string, string> = { ...req.headers };
  if (req.body.contentType !== undefined) headers['content-type'] = req.body.contentType;
  if (req.authorization !== undefined) headers.authorization = req.authorization;
  return { method, url, headers, ...(req.body.payload !== undefined ? { payload: req.body.payload } : {}) };
}

/** The framework's own English texts, which must never reach a client. */
const FRAMEWORK_TEXT =
  /Unsupported Media Type|is not valid JSON|Body cannot be empty|Request body|did not match|FST_ERR/;

/** Below 500, and every error is { title, msg } with a German msg. */
export function expectClientAnswer(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body).toEqual({ title: expect.any(String), msg: expect.any(String) });
    expect(body.msg).not.toMatch(FRAMEWORK_TEXT);
  }
}

/**
 * The property of most calls: requests sent to POST url get no 5xx (check: expectClientAnswer unless the
 * call answers more than { title, msg }). The requests are random ones built from these body fields and
 * tokens, or with ownTokens the callers' own tokens with malformed bodies of the fields (past authentication).
 */
export async function expectNoServerErrors(
  app: FastifyInstance,
  url: string,
  fields: Record<string, fc.Arbitrary<unknown>>,
  tokens: string[],
  numRuns: number,
  options: { ownTokens?: boolean; check?: (res: LightMyRequestResponse) => void } = {},
): Promise<void> {
  const check = options.check ?? expectClientAnswer;
  const requests: fc.Arbitrary<InjectOptions> = options.ownTokens
    ? fc.tuple(objectBody(fields), fc.constantFrom(...tokens)).map(([body, token]) => ({
        method: 'POST',
        url,
        payload: body as object,
        headers: { authorization: `Bearer ${token}` },
      }))
    : randomRequest(fields, tokens).map((req) => toInjectOptions('POST', url, req));
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      check(await app.inject(request));
    }),
    { numRuns },
  );
}
