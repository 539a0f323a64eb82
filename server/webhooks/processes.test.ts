import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connect.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { clusterEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { postOk } from '../test/round-robin-proxy.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import { newEventId } from './outbox.ts';
import { payloadOf } from './payload.ts';
import { insertDeliveries, insertEndpoint } from './queries.ts';

/**
 * Server processes on one PostgreSQL database: a process killed (SIGKILL) after a chat turn and before
 * its worker ran leaves the event in the outbox, and the next process sends it exactly once; two
 * processes sharing one outbox send each event once.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const post = postOk;

describe.skipIf(!usesPostgres())('webhooks across server processes (PostgreSQL)', () => {
  let database: DbHandle;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const servers: ChildProcess[] = [];
  let env: Record<string, string>;
  let surveyId = '';
  let endpointId = 0;
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  const waitFor = async (count: number) => {
    for (let i = 0; i < 300 && receiver.received.length < count; i += 1) await sleep(50);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    const dialog = await createChatDialog({ database, clock: { now: Date.now() } }, [
      { id: 'age', type: 'number', context: 'Alter?' },
    ]);
    surveyId = dialog.surveyId;
    endpointId = (
      await insertEndpoint(database.db, {
        surveyId: dialog.id,
        url: receiver.url,
        events: JSON.stringify(['chat.started']),
        secret,
        now: Date.now(),
      })
    ).id;
    env = clusterEnv(database.url!, {
      DATA_DIR: '/tmp',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '50',
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopChild));
    await receiver?.close();
    await database?.close();
  }, 60_000);

  it('a process killed between the turn and the delivery: the next one delivers the event once', async () => {
    const a = await startServer({ ...env, WEBHOOK_WORKER: '0' });
    servers.push(a.child);
    const { token_live: token } = await post<{ token_live: string }>(a.url, '/api/register_live', {
      survey_id: surveyId,
    });
    await post(a.url, '/api/chat/start', { survey_id: surveyId }, token);
    a.child.kill('SIGKILL');
    await once(a.child, 'exit');
    servers.splice(servers.indexOf(a.child), 1);
    expect(receiver.received).toHaveLength(0);

    const b = await startServer(env);
    servers.push(b.child);
    await waitFor(1);
    await sleep(500);
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0]!;
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(r.headers[h])]),
    );
    expect((new Webhook(secret).verify(r.body, headers) as { type: string }).type).toBe('chat.started');
  }, 120_000);

  it('two processes sharing one outbox send each of 40 events once', async () => {
    const c = await startServer(env);
    servers.push(c.child);
    receiver.received.length = 0;
    const now = Date.now();
    await insertDeliveries(
      database.db,
      Array.from({ length: 40 }, (_, i) => {
        const payload = payloadOf('webhook.test', now, { n: i });
        return { endpointId, eventId: newEventId(), event: 'webhook.test', payload, now };
      }),
    );
    await waitFor(40);
    await sleep(500);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  }, 120_000);
});
