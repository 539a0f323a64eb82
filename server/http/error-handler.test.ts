import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/errors.ts';
import { authorSession, blocksCall, newDialog } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';
import { installErrorHandler } from './error-handler.ts';

const t = appForFile();

const login = (payload: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload,
    headers: { 'content-type': contentType, ...headers },
  });

describe('framework errors answer in German with { title, msg }', () => {
  it.each([
    ['broken JSON', () => login('{"username": '), 400, 'validation_error', 'body: kein gültiges JSON'],
    [
      'JSON with __proto__',
      () => login('{"__proto__": {}}'),
      400,
      'validation_error',
      'body: kein gültiges JSON',
    ],
    [
      'an empty JSON body',
      () => login(''),
      400,
      'validation_error',
      'body: fehlt, obwohl Content-Type application/json angegeben ist',
    ],
    [
      'a wrong Content-Length',
      () => login('{"username":"a"}', 'application/json', { 'content-length': '3' }),
      400,
      'validation_error',
      'body: Länge passt nicht zum Header Content-Length',
    ],
    [
      'a form body',
      () => login('username=a', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
      'Dieses Format wird nicht unterstützt. Bitte JSON senden (Content-Type: application/json).',
    ],
    [
      'a body over 1 MiB',
      () => login(JSON.stringify({ username: 'x'.repeat(1_100_000) })),
      413,
      'payload_too_large',
      'Die Anfrage ist zu groß.',
    ],
    [
      'a broken percent escape',
      () => t.app.inject({ method: 'GET', url: '/api/pages/%E0%A4%A' }),
      400,
      'validation_error',
      'Die Adresse enthält ungültige Zeichen.',
    ],
    [
      'an overlong path parameter',
      () => t.app.inject({ method: 'GET', url: `/api/pages/${'a'.repeat(300)}` }),
      414,
      'validation_error',
      'Die Adresse ist zu lang.',
    ],
  ])('%s', async (_case, send, status, title, msg) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ title, msg });
  });
});

it('a NUL character, which PostgreSQL would refuse, is dropped before the call on both databases: never a 500', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_live',
    payload: { survey_id: 'a\u0000b' },
  });
  // Request bodies are made storable first (server/text/storable.ts), so both databases answer alike.
  expect(res.statusCode).toBe(404);
});

it.each(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'])(
  'a foreign-key violation (%s: the row it refers to was deleted meanwhile) is a 404, not a 500',
  async (code) => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/x', async () => {
      throw Object.assign(new Error('FOREIGN KEY constraint failed'), { code });
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      title: 'not_found',
      msg: 'Der zugehörige Eintrag wurde inzwischen gelöscht.',
    });
    await app.close();
  },
);

describe('a database that cannot work just now answers 503 server_busy, not 500', () => {
  const failing = (error: Error) => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/x', async () => {
      throw error;
    });
    return app;
  };

  it.each([
    ['SQLITE_FULL', 'database or disk is full'],
    ['SQLITE_IOERR_WRITE', 'disk I/O error'],
    ['SQLITE_BUSY', 'database is locked'],
    ['53100', 'could not extend file: No space left on device'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57014', 'canceling statement due to statement timeout'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
  ])('%s (%s)', async (code, message) => {
    const app = failing(Object.assign(new Error(message), { code }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ title: 'server_busy', msg: MESSAGES.serverBusy });
    await app.close();
  });

  it.each([
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'Connection terminated unexpectedly',
  ])("the pg client's own failure '%s'", async (message) => {
    const app = failing(new Error(message));
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(503);
    await app.close();
  });

  it('other errors stay 500', async () => {
    const app = failing(Object.assign(new Error('no such table: x'), { code: 'SQLITE_ERROR' }));
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('validation messages name the field once', () => {
  it('an unknown action of update_survey_blocks: "action: muss …", not "action: action: muss …"', async () => {
    const me = await authorSession(t);
    const sid = await newDialog(t, me.token);
    const res = await blocksCall(t, me.token, sid, { action: 'explode', unique_question_id: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: 'validation_error',
      msg: "action: muss 'create', 'update', 'delete', 'recreate' oder 'order' sein",
    });
  });

  it('other messages keep the field in front of them', async () => {
    const me = await authorSession(t);
    const sid = await newDialog(t, me.token);
    const res = await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: 7 });
    expect(res.statusCode).toBe(400);
    const msg: string = res.json().msg;
    expect(msg).toMatch(/^unique_question_id: /);
    expect(msg).not.toMatch(/^unique_question_id: unique_question_id: /);
  });
});
