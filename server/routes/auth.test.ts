import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/errors.ts';
import { createMagicLink } from '../auth/magic-links.ts';
import { issueRefreshToken } from '../auth/refresh-tokens.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { bearer, createAuthor, createTestApp, loginAs } from '../test/app.ts';
import { createSurvey } from '../test/factories.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile({
  LOGIN_MAX_FAILURES: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
  PASSWORD_MAX_AGE_DAYS: '90',
  TRUST_PROXY: 'true',
});

let address = 0;
/** Each call comes from its own address unless the test names one, so address limits stay apart. */
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...headers },
  });

describe('POST /api/login', () => {
  it('signs in with the success flag, names, tokens and user id', async () => {
    const a = await createAuthor(t, { firstName: 'Jana', lastName: 'Berg' });
    const res = await post('/api/login', { username: a.username, password: a.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, firstName: 'Jana', lastName: 'Berg', user_id: a.id });
    expect(typeof body.token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
  });

  it('accepts the username in any case', async () => {
    const a = await createAuthor(t);
    const res = await post('/api/login', { username: a.username.toUpperCase(), password: a.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 Invalid credentials for a wrong password and an unknown user', async () => {
    const a = await createAuthor(t);
    for (const payload of [
      { username: a.username, password: 'wrong' },
      { username: 'nobody-here', password: 'whatever' },
    ]) {
      const res = await post('/api/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ title: 'Invalid credentials', msg: MESSAGES.invalidCredentials });
    }
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const res = await post('/api/login', { username: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('validation_error');
    expect(res.json().msg).toContain('password');
  });

  it('answers 429 after too many failures for one username from one address, even with the right password', async () => {
    const a = await createAuthor(t);
    const headers = { 'x-forwarded-for': '203.0.113.66' };
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/login', { username: a.username, password: 'nope' }, headers)).statusCode).toBe(
        401,
      );
    }
    const res = await post('/api/login', { username: a.username, password: a.password }, headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(MESSAGES.loginTooManyAttempts);
    // Only that address is locked out of the account (server/auth/login-limits.test.ts has the rest).
    expect((await post('/api/login', { username: a.username, password: a.password })).statusCode).toBe(200);
    t.clock.now += 16 * 60_000;
    expect(
      (await post('/api/login', { username: a.username, password: a.password }, headers)).statusCode,
    ).toBe(200);
  });

  it('parallel guesses cannot pass the limit: each attempt is counted before its password check', async () => {
    const a = await createAuthor(t);
    const headers = { 'x-forwarded-for': '203.0.113.67' };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/api/login', { username: a.username, password: `guess${i}` }, headers),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    // At most the limit (3) reach the password check; how many exactly depends on how the database
    // interleaves the parallel counts (SQLite serialises them, PostgreSQL may count all first).
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 401 || c === 429)).toHaveLength(8);
  });

  it('a successful login gives its place back, so good logins never run into the limit', async () => {
    const a = await createAuthor(t);
    const headers = { 'x-forwarded-for': '203.0.113.91' };
    for (let i = 0; i < 8; i++) {
      expect(
        (await post('/api/login', { username: a.username, password: a.password }, headers)).statusCode,
      ).toBe(200);
    }
  });

  it('answers 429 after too many failures from one address across usernames', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 5; i++) {
      await post('/api/login', { username: `ghost${i}`, password: 'nope' }, headers);
    }
    const a = await createAuthor(t);
    const res = await post('/api/login', { username: a.username, password: a.password }, headers);
    expect(res.statusCode).toBe(429);
    expect((await post('/api/login', { username: a.username, password: a.password })).statusCode).toBe(200);
  });

  it('answers 418 when the password is older than PASSWORD_MAX_AGE_DAYS', async () => {
    const a = await createAuthor(t);
    t.clock.now += 91 * 86_400_000;
    const res = await post('/api/login', { username: a.username, password: a.password });
    expect(res.statusCode).toBe(418);
    expect(res.json().msg).toBe(MESSAGES.loginPasswordExpired);
  });

  it('refuses a disabled account with account_disabled', async () => {
    const a = await createAuthor(t);
    await t.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', a.id).execute();
    const res = await post('/api/login', { username: a.username, password: a.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe('account_disabled');
  });
});

describe('tokens', () => {
  it('verify-token describes the author; no token, a garbage token and "null" give 401', async () => {
    const a = await createAuthor(t, { firstName: 'Ali' });
    const { token } = await loginAs(t, a.username, a.password);
    const ok = await post('/api/verify-token', undefined, bearer(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, kind: 'author', user_id: a.id, firstName: 'Ali' });
    for (const headers of [{}, bearer('garbage'), bearer('null')]) {
      expect((await post('/api/verify-token', undefined, headers)).statusCode).toBe(401);
    }
  });

  it('an expired access token gives 401 Token has expired', async () => {
    const a = await createAuthor(t);
    const { token } = await loginAs(t, a.username, a.password);
    t.clock.now += 3_600_000;
    const res = await post('/api/verify-token', undefined, bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ title: 'Token has expired', msg: MESSAGES.tokenExpired });
  });

  it('refresh rotates the token; reusing an old one revokes the whole family', async () => {
    const a = await createAuthor(t);
    const first = await loginAs(t, a.username, a.password);
    const r1 = await post('/api/refresh', { refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reuse = await post('/api/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect((await post('/api/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
  });

  it('a token the winner of a reuse race stores after the revocation is refused too', async () => {
    const a = await createAuthor(t);
    const first = await loginAs(t, a.username, a.password);
    const hash = hashOpaqueToken(first.refresh_token);
    const { family_id } = await t.database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect((await post('/api/refresh', { refresh_token: first.refresh_token })).statusCode).toBe(200);
    expect((await post('/api/refresh', { refresh_token: first.refresh_token })).statusCode).toBe(401);
    // The winner's rotation, slower than the thief's reuse, stores its token only now.
    const late = await issueRefreshToken(
      t.database.db,
      { kind: 'author', id: a.id },
      { ttlDays: 30, now: t.clock.now, authTime: t.clock.now, familyId: family_id },
    );
    expect((await post('/api/refresh', { refresh_token: late })).statusCode).toBe(401);
  });

  it('refresh also takes the refresh token as bearer', async () => {
    const a = await createAuthor(t);
    const first = await loginAs(t, a.username, a.password);
    const res = await post('/api/refresh', undefined, bearer(first.refresh_token));
    expect(res.statusCode).toBe(200);
  });

  it('refresh of a disabled account answers account_disabled', async () => {
    const a = await createAuthor(t);
    const first = await loginAs(t, a.username, a.password);
    await t.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', a.id).execute();
    const res = await post('/api/refresh', { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('account_disabled');
    const verify = await post('/api/verify-token', undefined, bearer(first.token));
    expect(verify.json().title).toBe('account_disabled');
  });

  it('logout revokes the refresh token', async () => {
    const a = await createAuthor(t);
    const s = await loginAs(t, a.username, a.password);
    expect((await post('/api/logout', { refresh_token: s.refresh_token })).statusCode).toBe(200);
    expect((await post('/api/refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });
});

describe('magic links', () => {
  it('registers through a link once; the used link is invalid afterwards', async () => {
    const token = await createMagicLink(t.database.db, {
      purpose: 'registration',
      email: 'neu@example.org',
      now: t.clock.now,
    });
    const info = await post('/api/magic_link', { magic_link: token });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      success: true,
      purpose: 'registration',
      email: 'neu@example.org',
      account_exists: false,
    });
    const reg = await post('/api/magic_link_registration', {
      username: 'neu_user',
      firstName: 'Neu',
      lastName: 'Nutzer',
      password: 'a long enough password',
      magic_link: token,
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ success: true, msg: 'success' });
    expect((await loginAs(t, 'neu_user', 'a long enough password')).firstName).toBe('Neu');
    const again = await post('/api/magic_link', { magic_link: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(MESSAGES.invalidMagicLink);
  });

  it('an expired link is invalid', async () => {
    const token = await createMagicLink(t.database.db, {
      purpose: 'registration',
      email: 'alt@example.org',
      now: t.clock.now - 8 * 86_400_000,
    });
    const res = await post('/api/magic_link', { magic_link: token });
    expect(res.statusCode).toBe(400);
  });

  it('a taken username answers 400 with a message and leaves the link usable', async () => {
    const a = await createAuthor(t);
    const token = await createMagicLink(t.database.db, {
      purpose: 'registration',
      email: 'zwei@example.org',
      now: t.clock.now,
    });
    const res = await post('/api/magic_link_registration', {
      username: a.username,
      firstName: 'X',
      lastName: 'Y',
      password: 'a long enough password',
      magic_link: token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Username already exists');
    expect((await post('/api/magic_link', { magic_link: token })).statusCode).toBe(200);
  });
});

describe('live participants', () => {
  it('register_live needs an existing dialog', async () => {
    const res = await post('/api/register_live', { survey_id: 'does-not-exist' });
    expect(res.statusCode).toBe(404);
  });

  it('limits registrations per client address; other addresses go on', async () => {
    const limited = await createTestApp({ LIVE_REGISTRATIONS_PER_ADDRESS: '2', TRUST_PROXY: 'true' });
    try {
      const { surveyId } = await createSurvey(limited);
      const register = (ip: string, url = '/api/register_live') =>
        limited.app.inject({
          method: 'POST',
          url,
          payload: url === '/api/register_live' ? { survey_id: surveyId } : { survey_id_list: [surveyId] },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await register('203.0.113.7')).statusCode).toBe(200);
      expect((await register('203.0.113.7', '/api/register_live_list')).statusCode).toBe(200);
      const refused = await register('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe(MESSAGES.loginTooManyAttempts);
      expect((await register('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
