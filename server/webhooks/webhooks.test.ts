import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';
import { type Received, startReceiver } from '../test/webhook-receiver.ts';
import { checkWebhookUrl, isPrivateAddress } from './address-guard.ts';
import { createWebhookWorker, LEASE_MS } from './worker.ts';
import { claimDue } from './worker-queries.ts';

/**
 * Webhooks end to end (issue 22): a receiver on 127.0.0.1 verifies every signature with the
 * standardwebhooks package; the outbox is written by the chat turns and deletions and sent by workers
 * the tests run round by round (the app's own worker is off, WEBHOOK_WORKER=0, except in one test).
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
  typeof createWebhookWorker
>[1];
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Session;

const DIALOG = [
  { id: 'age', type: 'number', context: 'Wie alt sind Sie?', short_name: 'Alter', variable: 'alter' },
  { id: 'color', type: 'single_choice', context: 'Farbe?', options: ['Rot', 'Blau'], short_name: 'Farbe' },
] as const;

async function dialogWithHook(events: string[] = ['chat.started', 'chat.finished', 'respondent.deleted']) {
  const dialog = await createChatDialog(t, DIALOG as never, { ownerId: owner.id });
  const res = await call(t, owner.token, '/api/create_webhook', {
    survey_id: dialog.surveyId,
    url: receiver.url,
    events,
  });
  expect(res.statusCode).toBe(200);
  const { webhook, secret } = res.json() as { webhook: { id: number }; secret: string };
  return { ...dialog, hookId: webhook.id, secret };
}

/** Plays the dialog to its end as a new live respondent. */
async function playThrough(surveyId: string) {
  const { token_live: token } = await registerLive(t, surveyId);
  let turn = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
  for (const value of [42, 'Rot']) {
    const input = turn.input as { unique_question_id: string; turn?: number };
    turn = await chatOk(t, token, '/api/chat/answer', {
      survey_id: surveyId,
      unique_question_id: input.unique_question_id,
      turn: input.turn,
      answer: value,
    });
  }
  expect(turn.finished).toBe(true);
  return token;
}

function verified(secret: string, r: Received) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(r.headers[h])]),
  );
  return new Webhook(secret).verify(r.body, headers) as { type: string; data: Record<string, unknown> };
}

const worker = (ctx = t.ctx) => createWebhookWorker(ctx, quiet);
const log = (surveyId: string, id: number) =>
  call(t, owner.token, '/api/webhook_deliveries', { survey_id: surveyId, id }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_WORKER: '0' });
  receiver = await startReceiver();
  owner = await authorSession(t);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  // Each test starts with an empty outbox, so the rounds below send only its own events.
  await t.database.db.deleteFrom('webhook_deliveries').execute();
  receiver.received.length = 0;
  receiver.statuses.length = 0;
});

describe('addresses', () => {
  it('refuses private, loopback and link-local addresses and plain http unless allowed', async () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    await expect(checkWebhookUrl('https://127.0.0.1/hook', false)).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('https://[::1]/hook', false)).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('https://localhost/hook', false)).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('http://93.184.216.34/hook', false)).rejects.toMatchObject({ status: 400 });
    expect(await checkWebhookUrl('https://93.184.216.34/hook', false)).toBe('https://93.184.216.34/hook');
    expect(await checkWebhookUrl(receiver.url, true)).toBe(receiver.url);
  });

  it('needs the configure capability; a key with the manage scope may list webhooks', async () => {
    const dialog = await dialogWithHook();
    const stranger = await authorSession(t);
    expect(
      (await call(t, stranger.token, '/api/list_webhooks', { survey_id: dialog.surveyId })).statusCode,
    ).toBe(404);
    const key = (
      await call(t, owner.token, '/api/create_api_key', { name: 'k', scopes: ['manage'], expires_in_days: 1 })
    ).json().secret as string;
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/list_webhooks',
      payload: { survey_id: dialog.surveyId },
      headers: bearer(key),
    });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(dialog.secret);
  });
});

describe('delivery', () => {
  it('sends chat.started and chat.finished, signed, with the answers by block id, short name and variable', async () => {
    const dialog = await dialogWithHook();
    await playThrough(dialog.surveyId);
    await worker().runOnce();
    const events = receiver.received.map((r) => verified(dialog.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(['chat.finished', 'chat.started']);
    const finished = events.find((e) => e.type === 'chat.finished')!;
    expect(finished.data).toMatchObject({ survey_id: dialog.surveyId, mode: 'live' });
    expect(finished.data.answers).toEqual([
      expect.objectContaining({
        block_id: `age_${dialog.surveyId}`,
        short_name: 'Alter',
        variable: 'alter',
        value_num: 42,
      }),
      expect.objectContaining({
        block_id: `color_${dialog.surveyId}`,
        short_name: 'Farbe',
        variable: '',
        value: 'Rot',
      }),
    ]);
    const { deliveries } = await log(dialog.surveyId, dialog.hookId);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      response_excerpt: 'danke',
    });
    expect(typeof deliveries[0].duration_ms).toBe('number');
  });

  it('retries after 500s with backoff, with the same webhook-id, until it is delivered', async () => {
    const dialog = await dialogWithHook(['chat.started']);
    receiver.statuses.push(500, 500);
    const { token_live: token } = await registerLive(t, dialog.surveyId);
    await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId });
    const w = worker();
    await w.runOnce();
    await w.runOnce(); // not due yet: the backoff holds it back
    expect(receiver.received).toHaveLength(1);
    t.clock.now += 5_000;
    await w.runOnce();
    t.clock.now += 30_000;
    await w.runOnce();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of receiver.received) verified(dialog.secret, r);
    const [delivery] = (await log(dialog.surveyId, dialog.hookId)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    const hooks = (await call(t, owner.token, '/api/list_webhooks', { survey_id: dialog.surveyId })).json();
    expect(hooks.webhooks[0]).toMatchObject({ enabled: true, consecutive_failures: 0 });
  });

  it('a worker that died mid-delivery: the next one sends the event once, after the lease', async () => {
    const dialog = await dialogWithHook(['chat.started']);
    const { token_live: token } = await registerLive(t, dialog.surveyId);
    await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId });
    // The dead process had claimed it and never settled it.
    const claimed = await claimDue(t.database.db, t.database.kind, {
      owner: 'dead-process',
      now: t.clock.now,
      leaseMs: LEASE_MS,
      limit: 10,
    });
    expect(claimed).toHaveLength(1);
    const restarted = worker();
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(0);
    t.clock.now += LEASE_MS + 1;
    await restarted.runOnce();
    await restarted.runOnce();
    t.clock.now += LEASE_MS + 1;
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(1);
    verified(dialog.secret, receiver.received[0]!);
  });

  it('two workers sharing one outbox send every event exactly once', async () => {
    const dialog = await dialogWithHook(['chat.started']);
    for (let i = 0; i < 25; i += 1) {
      expect(
        (await call(t, owner.token, '/api/test_webhook', { survey_id: dialog.surveyId, id: dialog.hookId }))
          .statusCode,
      ).toBe(200);
    }
    const [a, b] = [worker(), worker()];
    for (let round = 0; round < 10 && receiver.received.length < 25; round += 1) {
      await Promise.all([a.runOnce(), b.runOnce()]);
    }
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    for (const r of receiver.received) expect(verified(dialog.secret, r).type).toBe('webhook.test');
  });

  it('switches a webhook off after repeated failures, with the reason, until it is switched on', async () => {
    const dialog = await dialogWithHook(['chat.started']);
    receiver.statuses.push(500, 500, 500);
    const dataDir = mkdtempSync(join(tmpdir(), 'webhook-mail-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const strict = worker({
      ...t.ctx,
      config: { ...t.ctx.config, WEBHOOK_DISABLE_AFTER: 2, DATA_DIR: dataDir },
    });
    for (let i = 0; i < 3; i += 1) {
      await call(t, owner.token, '/api/test_webhook', { survey_id: dialog.surveyId, id: dialog.hookId });
    }
    await strict.runOnce();
    const hooks = (await call(t, owner.token, '/api/list_webhooks', { survey_id: dialog.surveyId })).json();
    expect(hooks.webhooks[0].enabled).toBe(false);
    expect(hooks.webhooks[0].disabled_reason).toContain('abgeschaltet');
    // The owner is told by mail (no SMTP_URL: the mail lands in DATA_DIR/outbox).
    const mails = readdirSync(join(dataDir, 'outbox'));
    expect(mails).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'outbox', mails[0]!), 'utf8')).toContain(receiver.url);
    // Nothing is sent while it is off.
    t.clock.now += 60_000;
    const before = receiver.received.length;
    await strict.runOnce();
    expect(receiver.received).toHaveLength(before);
    const on = await call(t, owner.token, '/api/update_webhook', {
      survey_id: dialog.surveyId,
      id: dialog.hookId,
      enabled: true,
    });
    expect(on.json().webhook).toMatchObject({
      enabled: true,
      consecutive_failures: 0,
      disabled_reason: null,
    });
    await strict.runOnce();
    expect(receiver.received.length).toBeGreaterThan(before);
  });

  it("a respondent's deletion sends respondent.deleted with their session ids", async () => {
    const dialog = await dialogWithHook(['chat.finished', 'respondent.deleted']);
    const token = await playThrough(dialog.surveyId);
    const res = await call(t, token, '/api/restart_delete', {
      survey_id: dialog.surveyId,
      action: 'delete',
      live: true,
    });
    expect(res.statusCode).toBe(200);
    await worker().runOnce();
    const events = receiver.received.map((r) => verified(dialog.secret, r));
    const finished = events.find((e) => e.type === 'chat.finished')!;
    const deleted = events.find((e) => e.type === 'respondent.deleted')!;
    expect(deleted.data).toMatchObject({
      survey_id: dialog.surveyId,
      session_ids: [finished.data.session_id],
      deleted_by: 'respondent',
    });
  });

  it("an author's deletion in Analyse sends respondent.deleted in the deletion's transaction", async () => {
    const dialog = await dialogWithHook(['chat.finished', 'respondent.deleted']);
    await playThrough(dialog.surveyId);
    await worker().runOnce();
    const finished = verified(dialog.secret, receiver.received.at(-1)!);
    const sessionId = finished.data.session_id as number;
    const del = (session_id: number) =>
      call(t, owner.token, '/api/analytics/delete_respondent', { survey_id: dialog.surveyId, session_id });
    // A session that is not the dialog's deletes nothing and sends nothing.
    expect((await del(sessionId + 1_000_000)).statusCode).toBe(404);
    expect((await del(sessionId)).statusCode).toBe(200);
    await worker().runOnce();
    const events = receiver.received.slice(-1).map((r) => verified(dialog.secret, r));
    expect(events).toEqual([
      {
        type: 'respondent.deleted',
        timestamp: expect.any(String),
        data: {
          survey_id: dialog.surveyId,
          session_ids: [sessionId],
          deleted_by: 'author',
          deleted_at: t.clock.now,
        },
      },
    ]);
    const log = await call(t, owner.token, '/api/webhook_deliveries', {
      survey_id: dialog.surveyId,
      id: dialog.hookId,
    });
    expect(
      log
        .json()
        .deliveries.map((d: { event: string }) => d.event)
        .sort(),
    ).toEqual(['chat.finished', 'respondent.deleted']);
  });

  it("'Erneut senden' sends the event again with its id; 'Test senden' sends webhook.test", async () => {
    const dialog = await dialogWithHook(['chat.started']);
    const test = await call(t, owner.token, '/api/test_webhook', {
      survey_id: dialog.surveyId,
      id: dialog.hookId,
    });
    const first = test.json().delivery as { id: number; event_id: string };
    await worker().runOnce();
    const again = await call(t, owner.token, '/api/resend_webhook_delivery', {
      survey_id: dialog.surveyId,
      delivery_id: first.id,
    });
    expect(again.json().delivery).toMatchObject({ event_id: first.event_id, status: 'pending' });
    await worker().runOnce();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([first.event_id, first.event_id]);
    const other = await dialogWithHook();
    const foreign = await call(t, owner.token, '/api/resend_webhook_delivery', {
      survey_id: other.surveyId,
      delivery_id: first.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("the app's own worker", () => {
  it('sends from the outbox by itself', async () => {
    const own = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '20' });
    try {
      const author = await authorSession(own);
      const dialog = await createChatDialog(own, DIALOG as never, { ownerId: author.id });
      const res = await call(own, author.token, '/api/create_webhook', {
        survey_id: dialog.surveyId,
        url: receiver.url,
        events: ['chat.started'],
      });
      const { secret } = res.json() as { secret: string };
      const { token_live: token } = await registerLive(own, dialog.surveyId);
      await chatOk(own, token, '/api/chat/start', { survey_id: dialog.surveyId });
      for (let i = 0; i < 250 && receiver.received.length === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(receiver.received).toHaveLength(1);
      expect(verified(secret, receiver.received[0]!).type).toBe('chat.started');
    } finally {
      await own.close();
    }
  });
});
