import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/errors.ts';
import { createAuthor, createTestApp } from '../test/app.ts';
import { createSurvey } from '../test/factories.ts';
import { appForFile } from '../test/per-file.ts';
import { createMagicLink } from './magic-links.ts';

/**
 * The login limits and the client address they count, through the real app behind one trusted proxy
 * (TRUST_PROXY=1): the proxy appends the address it saw to X-Forwarded-For, everything left of that the
 * client wrote itself.
 */

const t = appForFile({
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '6',
  LIVE_REGISTRATIONS_PER_ADDRESS: '2',
});

let addresses = 0;
/** An address no other test uses. */
const newAddress = () => `198.51.100.${++addresses}`;

const login = (username: string, password: string, address: string, spoofed?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address },
  });
const statusOf = async (...args: Parameters<typeof login>) => (await login(...args)).statusCode;

describe('login limits', () => {
  it("an address over its own limit cannot lock someone else's account", async () => {
    const victim = await createAuthor(t);
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) expect(await statusOf(`ghost${i}`, 'nope', attacker)).toBe(401);
    for (let i = 0; i < 20; i++) {
      const res = await login(victim.username, 'nope', attacker);
      expect(res.statusCode).toBe(429);
      expect(res.json().msg).toBe(MESSAGES.loginTooManyAttempts);
    }
    expect(await statusOf(victim.username, victim.password, newAddress())).toBe(200);
  });

  it('guesses at one account from one address get 429, even with the right password; the owner elsewhere signs in', async () => {
    const victim = await createAuthor(t);
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) expect(await statusOf(victim.username, 'nope', attacker)).toBe(401);
    for (let i = 0; i < 10; i++) expect(await statusOf(victim.username, 'nope', attacker)).toBe(429);
    expect(await statusOf(victim.username, victim.password, attacker)).toBe(429);
    expect(await statusOf(victim.username, victim.password, newAddress())).toBe(200);
    t.clock.now += 16 * 60_000;
    expect(await statusOf(victim.username, victim.password, attacker)).toBe(200);
  });

  it('guesses from many addresses are bounded; the addresses the owner signed in from stay open', async () => {
    const victim = await createAuthor(t);
    const home = newAddress();
    expect(await statusOf(victim.username, victim.password, home)).toBe(200);
    for (let a = 0; a < 2; a++) {
      const attacker = newAddress();
      for (let i = 0; i < 3; i++) expect(await statusOf(victim.username, 'nope', attacker)).toBe(401);
    }
    expect(await statusOf(victim.username, 'nope', newAddress())).toBe(429);
    expect(await statusOf(victim.username, victim.password, newAddress())).toBe(429);
    expect(await statusOf(victim.username, victim.password, home)).toBe(200);
    t.clock.now += 16 * 60_000;
    expect(await statusOf(victim.username, victim.password, newAddress())).toBe(200);
  });

  it("a password reset ends the lock the owner's own typos caused", async () => {
    const owner = await createAuthor(t);
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect(await statusOf(owner.username, 'vergessen', address)).toBe(401);
    expect(await statusOf(owner.username, owner.password, address)).toBe(429);
    t.clock.now += 1000;
    const token = await createMagicLink(t.database.db, {
      purpose: 'password_reset',
      email: `${owner.username}@example.org`,
      userId: owner.id,
      now: t.clock.now,
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token, password: 'ein neues Passwort' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    t.clock.now += 1000;
    expect(await statusOf(owner.username, 'ein neues Passwort', address)).toBe(200);
  });
});

describe('TRUST_PROXY with one hop', () => {
  it('a made-up left-most X-Forwarded-For entry does not change the address the login limits count', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect(await statusOf(`ghost${i}`, 'nope', address, `203.0.113.${i}`)).toBe(401);
    }
    const author = await createAuthor(t);
    expect(await statusOf(author.username, author.password, address, '203.0.113.200')).toBe(429);
    expect(await statusOf(author.username, author.password, '203.0.113.200')).toBe(200);
  });

  it('nor the address live registrations are limited by', async () => {
    const survey = await createSurvey(t);
    const address = newAddress();
    const register = (spoofed: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register_live',
        payload: { survey_id: survey.surveyId },
        headers: { 'x-forwarded-for': `${spoofed}, ${address}` },
      });
    expect((await register('203.0.113.1')).statusCode).toBe(200);
    expect((await register('203.0.113.2')).statusCode).toBe(200);
    expect((await register('203.0.113.3')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('counts the address the named proxy saw, whatever the client wrote before it', async () => {
    // Requests injected into the app come from 127.0.0.1, which plays the proxy here.
    const listed = await createTestApp({
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '2',
    });
    try {
      const attempt = (forwarded: string) =>
        listed.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'niemand', password: 'nope' },
          headers: { 'x-forwarded-for': forwarded },
        });
      // 10.0.0.5 is a second proxy of ours; the client is the entry before it.
      expect((await attempt('203.0.113.1, 192.0.2.9, 10.0.0.5')).statusCode).toBe(401);
      expect((await attempt('203.0.113.2, 192.0.2.9')).statusCode).toBe(401);
      expect((await attempt('203.0.113.3, 192.0.2.9, 10.0.0.5')).statusCode).toBe(429);
      expect((await attempt('192.0.2.10')).statusCode).toBe(401);
    } finally {
      await listed.close();
    }
  });
});
