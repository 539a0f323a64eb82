import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../contract/api-keys.ts';
import { type EndpointDef, endpoint } from '../../contract/endpoint.ts';
import type { AssignableRole } from '../../contract/roles.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { serve } from '../routes/serve.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { addMember, authorSession, call, liveToken, newDialog, type Session } from '../test/dialogs.ts';

/**
 * API keys (issue 22): made, listed and revoked on the account calls; used as bearer tokens they act as
 * their author within their scopes and the author's roles. The matrix runs on endpoints of each kind
 * served by serve() on a side app over the same database: every scope set, every role, revoked and
 * expired keys, a disabled author, live and participant calls.
 */

const body = z.object({ survey_id: z.string() });
const ok = z.object({ ok: z.boolean() });
const base = { method: 'POST', body, response: ok, tags: ['test'], summary: 'test' } as const;
const PROBES = {
  read: endpoint({ ...base, path: '/probe/read', caller: 'author', dialog: 'analyse', keyScope: 'read' }),
  export: endpoint({
    ...base,
    path: '/probe/export',
    caller: 'fresh_author',
    dialog: 'analyse',
    keyScope: 'export',
  }),
  manage: endpoint({
    ...base,
    path: '/probe/manage',
    caller: 'author',
    dialog: 'configure',
    keyScope: 'manage',
  }),
  none: endpoint({ ...base, path: '/probe/none', caller: 'author', dialog: 'view' }),
  admin: endpoint({ ...base, path: '/probe/admin', caller: 'admin', keyScope: 'read' }),
  live: endpoint({ ...base, path: '/probe/live', caller: 'live', keyScope: 'read' }),
  participant: endpoint({ ...base, path: '/probe/participant', caller: 'participant', keyScope: 'read' }),
} satisfies Record<string, EndpointDef>;

let t: TestApp;
let side: FastifyInstance;
let owner: Session;
let surveyId: string;
const members: Partial<Record<AssignableRole | 'stranger', Session>> = {};

/** log: where the side app's log lines go (JSON per line), else none. */
async function sideApp(on: TestApp, log?: string[]): Promise<FastifyInstance> {
  const stream = { write: (line: string) => log?.push(line) };
  const app = Fastify({ logger: log ? { level: 'info', stream } : false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('caller', null as never);
  for (const def of Object.values(PROBES)) serve(app, on.ctx, def as EndpointDef, () => ({ ok: true }));
  await app.ready();
  return app;
}

async function makeKey(token: string, scopes: readonly ApiKeyScope[], days = 30) {
  const res = await call(t, token, '/api/create_api_key', { name: 'Skript', scopes, expires_in_days: days });
  expect(res.statusCode).toBe(200);
  return res.json() as { key: { id: number; hint: string }; secret: string };
}

const probe = (name: keyof typeof PROBES, token: string) =>
  side.inject({
    method: 'POST',
    url: PROBES[name].path,
    payload: { survey_id: surveyId },
    headers: bearer(token),
  });

beforeAll(async () => {
  t = await createTestApp();
  side = await sideApp(t);
  owner = await authorSession(t);
  surveyId = await newDialog(t, owner.token);
  for (const role of ['full', 'edit_train', 'train', 'analyse'] as const) {
    members[role] = await authorSession(t);
    await addMember(t, surveyId, (members[role] as Session).id, role);
  }
  members.stranger = await authorSession(t);
});

afterAll(async () => {
  await side?.close();
  await t?.close();
});

describe('the account calls', () => {
  it('shows the secret once, stores only its hash, lists the key with its last use', async () => {
    const made = await makeKey(owner.token, ['read']);
    expect(made.secret).toMatch(/^dwk_[A-Za-z0-9_-]{32}$/);
    expect(made.secret.startsWith(made.key.hint)).toBe(true);
    const stored = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', made.key.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(made.secret);

    expect((await probe('read', made.secret)).statusCode).toBe(200);
    const list = (await call(t, owner.token, '/api/list_api_keys')).json();
    const listed = list.keys.find((k: { id: number }) => k.id === made.key.id);
    expect(listed).toMatchObject({
      name: 'Skript',
      scopes: ['read'],
      last_used_at: t.clock.now,
      revoked_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(made.secret);
  });

  it('keys cannot manage keys; another author cannot revoke them', async () => {
    const made = await makeKey(owner.token, [...API_KEY_SCOPES]);
    expect((await call(t, made.secret, '/api/list_api_keys')).statusCode).toBe(403);
    expect(
      (await call(t, made.secret, '/api/create_api_key', { name: 'x', scopes: ['read'], expires_in_days: 1 }))
        .statusCode,
    ).toBe(403);
    const stranger = members.stranger as Session;
    expect((await call(t, stranger.token, '/api/revoke_api_key', { id: made.key.id })).statusCode).toBe(404);
    expect((await probe('read', made.secret)).statusCode).toBe(200);
  });

  it('refuses an empty scope list, unknown scopes and expiries over a year', async () => {
    for (const payload of [
      { name: 'a', scopes: [], expires_in_days: 1 },
      { name: 'a', scopes: ['admin'], expires_in_days: 1 },
      { name: 'a', scopes: ['read'], expires_in_days: 366 },
      { name: ' ', scopes: ['read'], expires_in_days: 1 },
    ]) {
      expect((await call(t, owner.token, '/api/create_api_key', payload)).statusCode).toBe(400);
    }
  });
});

describe('the permission matrix of keys', () => {
  const SCOPE_SETS: ApiKeyScope[][] = [['read'], ['export'], ['manage'], ['read', 'export', 'manage']];
  const ROLE_MAY: Record<string, { analyse: boolean; configure: boolean }> = {
    owner: { analyse: true, configure: true },
    full: { analyse: true, configure: true },
    edit_train: { analyse: false, configure: true },
    train: { analyse: false, configure: false },
    analyse: { analyse: true, configure: false },
    stranger: { analyse: false, configure: false },
  };

  for (const who of Object.keys(ROLE_MAY)) {
    for (const scopes of SCOPE_SETS) {
      it(`${who} with ${scopes.join('+')}`, async () => {
        const session = who === 'owner' ? owner : (members[who as AssignableRole] as Session);
        const { secret } = await makeKey(session.token, scopes);
        const may = ROLE_MAY[who] as { analyse: boolean; configure: boolean };
        // A missing scope is refused before the dialog is looked at (403); the roles then decide, with
        // the same 404 for non-members as a signed-in call gets.
        const expected = (scope: ApiKeyScope, allowed: boolean) =>
          !scopes.includes(scope) ? 403 : allowed ? 200 : who === 'stranger' ? 404 : 403;
        expect((await probe('read', secret)).statusCode).toBe(expected('read', may.analyse));
        // An export by key needs no fresh login.
        expect((await probe('export', secret)).statusCode).toBe(expected('export', may.analyse));
        expect((await probe('manage', secret)).statusCode).toBe(expected('manage', may.configure));
        for (const name of ['none', 'admin', 'live', 'participant'] as const) {
          expect((await probe(name, secret)).statusCode, name).toBe(403);
        }
      });
    }
  }

  it('a live token still opens the live call, and a session token the author calls', async () => {
    expect((await probe('live', await liveToken(t, surveyId))).statusCode).toBe(200);
    expect((await probe('read', owner.token)).statusCode).toBe(200);
    expect((await probe('none', owner.token)).statusCode).toBe(200);
  });

  it('a revoked key, an expired key, an unknown key and a disabled author get 401', async () => {
    const revoked = await makeKey(owner.token, ['read']);
    expect((await probe('read', revoked.secret)).statusCode).toBe(200);
    const res = await call(t, owner.token, '/api/revoke_api_key', { id: revoked.key.id });
    expect(res.json().key.revoked_at).toBe(t.clock.now);
    expect((await probe('read', revoked.secret)).statusCode).toBe(401);

    const analyst = members.analyse as Session;
    const other = await makeKey((await authorSession(t)).token, ['read']);
    const { secret } = await makeKey(analyst.token, ['read']);
    await t.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', analyst.id).execute();
    const disabled = await probe('read', secret);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().title).toBe('account_disabled');
    expect((await probe('read', other.secret)).statusCode).toBe(404);

    const expiring = await makeKey(owner.token, ['read'], 1);
    expect((await probe('read', `${expiring.secret}x`)).statusCode).toBe(401);
    t.clock.now += 86_400_000 + 1;
    expect((await probe('read', expiring.secret)).statusCode).toBe(401);
  });
});

describe('rate limit and documentation', () => {
  it('answers 429 with Retry-After beyond the calls per minute, counts anew the next minute, logs every use with the key id', async () => {
    const limited = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '3' });
    try {
      const author = await authorSession(limited);
      const res = await call(limited, author.token, '/api/create_api_key', {
        name: 'k',
        scopes: ['manage'],
        expires_in_days: 1,
      });
      const { secret, key } = res.json() as { secret: string; key: { id: number } };
      const log: string[] = [];
      const app = await sideApp(limited, log);
      try {
        limited.clock.now = Math.floor(limited.clock.now / 60_000) * 60_000 + 1_000;
        const dialog = await newDialog(limited, author.token);
        const hit = () =>
          app.inject({
            method: 'POST',
            url: '/probe/manage',
            payload: { survey_id: dialog },
            headers: bearer(secret),
          });
        for (let i = 0; i < 3; i += 1) expect((await hit()).statusCode).toBe(200);
        const refused = await hit();
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBe('59');
        limited.clock.now += 60_000;
        expect((await hit()).statusCode).toBe(200);
        // Every use, the refused one too, is logged with the key's id.
        const uses = log.map((l) => JSON.parse(l)).filter((l) => l.msg === 'api key call');
        expect(uses).toHaveLength(5);
        expect(uses.every((l) => l.apiKeyId === key.id && l.path === '/probe/manage')).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await limited.close();
    }
  });

  it('OpenAPI documents the key scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const listWebhooks = doc.paths['/api/list_webhooks'].post;
    expect(listWebhooks.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(listWebhooks.description).toContain("scope 'manage'");
    expect(doc.paths['/api/list_api_keys'].post.security).toBeUndefined();
  });
});

describe('results by key (the real Analyse and export calls)', () => {
  // Own author and dialog: the matrix above disables and limits its accounts.
  let author: Session;
  let dialogId: string;
  beforeAll(async () => {
    author = await authorSession(t);
    dialogId = await newDialog(t, author.token);
  });

  it("a 'read' key reads the summary but cannot export; an 'export' key downloads without a fresh login", async () => {
    const surveyId = dialogId;
    const read = await makeKey(author.token, ['read']);
    const summary = await call(t, read.secret, '/api/analytics/summary', { survey_id: surveyId });
    expect(summary.statusCode, summary.body).toBe(200);
    const refused = await call(t, read.secret, '/api/excel_export', { survey_id: surveyId, format: 'csv' });
    expect(refused.statusCode).toBe(403);

    const exporter = await makeKey(author.token, ['export']);
    const file = await call(t, exporter.secret, '/api/excel_export', { survey_id: surveyId, format: 'csv' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
  });

  it("a 'manage' key edits the dialog's settings, within the author's roles", async () => {
    const surveyId = dialogId;
    const manage = await makeKey(author.token, ['manage']);
    const res = await call(t, manage.secret, '/api/get_survey_data_configurator', { survey_id: surveyId });
    expect(res.statusCode).toBe(200);
    const analyst = await authorSession(t);
    await addMember(t, surveyId, analyst.id, 'analyse');
    const analystKey = await makeKey(analyst.token, ['manage']);
    const denied = await call(t, analystKey.secret, '/api/get_survey_data_configurator', {
      survey_id: surveyId,
    });
    expect(denied.statusCode).toBe(403);
  });
});
