import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createMagicLink } from '../auth/magic-links.ts';
import { createAuthor, createTestApp, loginAs, TEST_JWT_SECRET, type TestApp } from '../test/app.ts';
import {
  expectClientAnswer,
  expectNoServerErrors,
  junkString,
  randomHeaders,
  text,
} from '../test/arbitraries.ts';
import { createSurvey } from '../test/factories.ts';

/** Property: no body, header or token sent to an authentication call gives a 5xx (issue 2). */

let t: TestApp;
const real = {
  username: '',
  password: '',
  surveyIds: [] as string[],
  links: [] as string[],
  refreshTokens: [] as string[],
  accessTokens: [] as string[],
};

beforeAll(async () => {
  // Random addresses must not end the run in 429s before the deeper paths are reached.
  t = await createTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' });
  const author = await createAuthor(t, { username: 'Prüfer_Prop' });
  real.username = author.username;
  real.password = author.password;
  for (let i = 0; i < 2; i++) real.surveyIds.push((await createSurvey(t, { ownerId: author.id })).surveyId);
  for (let i = 0; i < 6; i++) {
    real.links.push(
      await createMagicLink(t.database.db, {
        purpose: i % 2 ? 'invitation' : 'registration',
        email: `prop${i}@example.org`,
        now: t.clock.now,
      }),
    );
  }
  for (let i = 0; i < 3; i++) {
    const session = await loginAs(t, author.username, author.password);
    real.accessTokens.push(session.token);
    real.refreshTokens.push(session.refresh_token);
    const live = await t.app.inject({
      method: 'POST',
      url: '/api/register_live',
      payload: { survey_id: real.surveyIds[0] },
    });
    real.accessTokens.push(live.json().token_live);
    real.refreshTokens.push(live.json().refresh_token_live);
  }
  // A token that expired an hour ago.
  t.clock.now -= 2 * 3_600_000;
  real.accessTokens.push(
    await t.ctx.signer.sign({ kind: 'author', id: author.id, fresh: true }, t.clock.now),
  );
  t.clock.now += 2 * 3_600_000;
});
afterAll(() => t.close());

const realOr = (values: () => string[], other: fc.Arbitrary<string>) =>
  fc.oneof(fc.constantFrom(...values()), other);

const calls: { url: string; fields: () => Record<string, fc.Arbitrary<unknown>> }[] = [
  {
    url: '/api/login',
    fields: () => ({
      username: realOr(() => [real.username, real.username.toUpperCase()], text(1, 200)),
      password: realOr(() => [real.password], text(1, 1000)),
    }),
  },
  { url: '/api/refresh', fields: () => ({ refresh_token: realOr(() => real.refreshTokens, text(1, 200)) }) },
  { url: '/api/logout', fields: () => ({ refresh_token: realOr(() => real.refreshTokens, text(0, 200)) }) },
  // The token travels in the Authorization header, which every request here gets at random.
  { url: '/api/verify-token', fields: () => ({}) },
  { url: '/api/register_live', fields: () => ({ survey_id: realOr(() => real.surveyIds, text(1, 64)) }) },
  {
    url: '/api/register_live_list',
    fields: () => ({
      survey_id_list: fc.array(
        realOr(() => real.surveyIds, text(1, 64)),
        { maxLength: 60 },
      ),
    }),
  },
  { url: '/api/magic_link', fields: () => ({ magic_link: realOr(() => real.links, text(1, 200)) }) },
  {
    url: '/api/magic_link_registration',
    fields: () => ({
      username: realOr(() => [real.username.toLowerCase()], text(1, 200)),
      firstName: text(1, 100),
      lastName: text(1, 100),
      password: text(10, 1000),
      magic_link: realOr(() => real.links, text(1, 200)),
    }),
  },
];

describe('authentication calls under random input', () => {
  it.each(calls)('POST $url never answers 5xx', async ({ url, fields }) => {
    const tokens = [...real.accessTokens, ...real.refreshTokens, ...real.links];
    await expectNoServerErrors(t.app, url, fields(), tokens, 150);
  });

  it('correctly signed tokens with odd claims give 401, never 5xx', async () => {
    const claim = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom('author', 'live', '1', '0', '-1', '1.5', '1e400', '99999999999', 'NaN', ''),
    );
    const claims = fc.record(
      {
        sub: claim,
        knd: claim,
        fresh: claim,
        at: claim,
        exp: fc.oneof(claim, fc.integer({ min: 0, max: 4_000_000_000 })),
        nbf: fc.integer({ min: 0, max: 4_000_000_000 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(claims, randomHeaders, async (payload, headers) => {
        const token = await new SignJWT(payload as Record<string, unknown>)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(TEST_JWT_SECRET);
        for (const url of ['/api/verify-token', '/api/refresh']) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, authorization: `Bearer ${token}` },
          });
          expectClientAnswer(res);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('other methods on the authentication paths never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD' as const),
        fc.constantFrom(...calls.map((c) => c.url)),
        junkString,
        async (method, url, payload) => {
          const res = await t.app.inject({ method, url, payload });
          if (method === 'HEAD') {
            if (res.statusCode >= 500) throw new Error(`HEAD ${url} answered ${res.statusCode}`);
          } else {
            expectClientAnswer(res);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
