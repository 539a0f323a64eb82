import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { bearer, createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { createSurvey } from '../test/factories.ts';
import { authenticate, bearerToken, requireAdmin, requireAuthor, requireFreshAuthor } from './guard.ts';
import type { Principal } from './tokens.ts';

let t: TestApp;
/** A small app with one route per guard, answering with the principal, and the real error format. */
let guarded: FastifyInstance;

beforeAll(async () => {
  // Access tokens outlive freshness here, so that an expired fresh window is not an expired token.
  t = await createTestApp({ FRESH_TOKEN_MINUTES: '5', ACCESS_TOKEN_TTL_SECONDS: '3600' });
  guarded = Fastify();
  installErrorHandler(guarded);
  const guards: Record<string, (ctx: AppContext, token: string | undefined) => Promise<Principal>> = {
    '/any': authenticate,
    '/author': requireAuthor,
    '/admin': requireAdmin,
    '/fresh': requireFreshAuthor,
  };
  for (const [path, guard] of Object.entries(guards))
    guarded.post(path, (req) => guard(t.ctx, bearerToken(req.headers.authorization)));
  await guarded.ready();
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

const call = (path: string, token: string) =>
  guarded.inject({ method: 'POST', url: path, headers: bearer(token) });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function registerLive() {
  const survey = await createSurvey(t);
  const res = await post('/api/register_live', { survey_id: survey.surveyId });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    token_live: string;
    refresh_token_live: string;
    user_id: number;
    username_live: string;
  };
}

describe('live tokens', () => {
  it('verify-token accepts a live token as kind live', async () => {
    const live = await registerLive();
    const res = await post('/api/verify-token', undefined, bearer(live.token_live));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      kind: 'live',
      user_id: live.user_id,
      username: live.username_live,
      firstName: '',
      lastName: '',
      is_admin: false,
    });
    const any = await call('/any', live.token_live);
    expect(any.json()).toEqual({
      kind: 'live',
      id: live.user_id,
      fresh: false,
      generation: 0,
      family: expect.any(String),
    });
  });

  it('author-only guards refuse a live token with 403', async () => {
    const live = await registerLive();
    for (const path of ['/author', '/admin', '/fresh']) {
      const res = await call(path, live.token_live);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().title).toBe('forbidden');
    }
  });

  it('a refreshed live token is still live and still refused', async () => {
    const live = await registerLive();
    const refreshed = await post('/api/refresh', { refresh_token: live.refresh_token_live });
    expect(refreshed.statusCode).toBe(200);
    const { token } = refreshed.json();
    expect((await post('/api/verify-token', undefined, bearer(token))).json().kind).toBe('live');
    expect((await call('/author', token)).statusCode).toBe(403);
  });
});

describe('author guards', () => {
  it('requireAuthor accepts an author; requireAdmin only an admin', async () => {
    const author = await createAuthor(t);
    const admin = await createAuthor(t, { isAdmin: true });
    const authorToken = (await loginAs(t, author.username, author.password)).token;
    const adminToken = (await loginAs(t, admin.username, admin.password)).token;
    expect((await call('/author', authorToken)).json()).toEqual({
      kind: 'author',
      id: author.id,
      fresh: true,
      generation: 0,
      family: expect.any(String),
    });
    const refused = await call('/admin', authorToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toBe('forbidden');
    expect((await call('/admin', adminToken)).json()).toEqual({
      kind: 'author',
      id: admin.id,
      fresh: true,
      generation: 0,
      family: expect.any(String),
    });
  });

  it('no token, "null" and a garbage token are 401', async () => {
    for (const headers of [{}, bearer('null'), bearer('x.y.z')]) {
      const res = await guarded.inject({ method: 'POST', url: '/author', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('a disabled author is refused with account_disabled', async () => {
    const author = await createAuthor(t);
    const { token } = await loginAs(t, author.username, author.password);
    await t.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', author.id).execute();
    const res = await call('/author', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('account_disabled');
  });
});

describe('fresh tokens', () => {
  it('requireFreshAuthor accepts the token of a password login', async () => {
    const author = await createAuthor(t);
    const { token } = await loginAs(t, author.username, author.password);
    expect((await call('/fresh', token)).statusCode).toBe(200);
  });

  it('refuses a refreshed token with 401 Fresh token required', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const { token } = (await post('/api/refresh', { refresh_token: session.refresh_token })).json();
    const res = await call('/fresh', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Fresh token required');
    expect((await call('/author', token)).statusCode).toBe(200);
  });

  it('refuses the login token once FRESH_TOKEN_MINUTES have passed', async () => {
    const author = await createAuthor(t);
    const { token } = await loginAs(t, author.username, author.password);
    t.clock.now += 4 * 60_000;
    expect((await call('/fresh', token)).statusCode).toBe(200);
    t.clock.now += 2 * 60_000;
    const res = await call('/fresh', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Fresh token required');
    expect((await call('/author', token)).statusCode).toBe(200);
  });
});

describe('logout', () => {
  const getAccount = (token: string) => post('/api/get_account', {}, bearer(token));
  const logout = (refreshToken: string) => post('/api/logout', { refresh_token: refreshToken });

  it("ends the login's access token at once; the account's other logins keep working", async () => {
    const author = await createAuthor(t);
    const ended = await loginAs(t, author.username, author.password);
    const other = await loginAs(t, author.username, author.password);
    expect((await getAccount(ended.token)).statusCode).toBe(200);
    expect((await logout(ended.refresh_token)).statusCode).toBe(200);
    const refused = await getAccount(ended.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ title: ERROR_TITLES.tokenExpired, msg: MESSAGES.tokenExpired });
    // Still fresh by its claims, yet no longer good for the calls that need a fresh login.
    expect((await call('/fresh', ended.token)).statusCode).toBe(401);
    expect((await post('/api/verify-token', undefined, bearer(ended.token))).statusCode).toBe(401);
    expect((await getAccount(other.token)).statusCode).toBe(200);
    expect((await call('/fresh', other.token)).statusCode).toBe(200);
    expect((await post('/api/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(200);
  });

  it('ends the access tokens refreshed from that login too, and only those', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const other = await loginAs(t, author.username, author.password);
    const refreshed = (await post('/api/refresh', { refresh_token: session.refresh_token })).json();
    expect((await getAccount(refreshed.token)).statusCode).toBe(200);
    expect((await logout(refreshed.refresh_token)).statusCode).toBe(200);
    for (const token of [session.token, refreshed.token]) {
      expect((await getAccount(token)).statusCode).toBe(401);
    }
    expect((await getAccount(other.token)).statusCode).toBe(200);
  });

  it('a reused refresh token (theft) ends the access tokens of its family as well', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const refreshed = (await post('/api/refresh', { refresh_token: session.refresh_token })).json();
    expect((await post('/api/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await getAccount(refreshed.token)).statusCode).toBe(401);
  });

  it('a logout without a known refresh token changes nothing', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    expect((await post('/api/logout', {})).statusCode).toBe(200);
    expect((await logout('unknown-token')).statusCode).toBe(200);
    expect((await getAccount(session.token)).statusCode).toBe(200);
  });
});
