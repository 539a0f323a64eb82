import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmBusyError, type LlmProvider } from '../llm/provider.ts';
import { instrumentLlm, observeEmbeddings } from '../metrics/registry.ts';
import { createTestApp } from '../test/app.ts';
import { chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { usesPostgres } from '../test/databases.ts';
import { appForFile } from '../test/per-file.ts';
import { newEventId } from '../webhooks/outbox.ts';
import { payloadOf } from '../webhooks/payload.ts';
import { insertDeliveries, insertEndpoint } from '../webhooks/queries.ts';
import { parseBind, startMetricsServer } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line, e.g. 'dialogwerk_chat_turns_total' (0 when absent). */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('metrics off', () => {
  it('serves no metrics when neither METRICS_TOKEN nor METRICS_BIND is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).not.toContain('dialogwerk_http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const t = appForFile({ METRICS_TOKEN: TOKEN });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, chat turns, and reports the process', async () => {
    const before = await scrape();
    const turnsBefore = sample(before, 'dialogwerk_chat_turns_total');
    const dialog = await createChatDialog(t, [
      { id: 'q', type: 'message', context: 'Hallo.', jump_to_question: 'END' },
    ]);
    const { token_live: token } = await registerLive(t, dialog.surveyId);
    await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId });
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x', password: 'wrongwrong' },
    });

    const after = await scrape();
    expect(sample(after, 'dialogwerk_chat_turns_total')).toBe(turnsBefore + 1);
    expect(after).toMatch(
      /dialogwerk_http_request_duration_seconds_count\{method="POST",route="\/api\/chat\/start",status="200"\} [1-9]/,
    );
    expect(after).toMatch(
      /dialogwerk_http_request_duration_seconds_count\{method="POST",route="\/api\/login",status="401"\} [1-9]/,
    );
    expect(after).toContain('dialogwerk_process_resident_memory_bytes');
    expect(after).toContain('dialogwerk_nodejs_eventloop_lag_p99_seconds');
    expect(after).toContain('# TYPE dialogwerk_llm_call_duration_seconds histogram');
    expect(after).toContain('# TYPE dialogwerk_trainings_total counter');
    if (usesPostgres()) expect(after).toMatch(/dialogwerk_db_pool_connections\{state="total"\} [1-9]/);
  });

  it("reports the webhook outbox's depth as the database has it, due and waiting for a retry", async () => {
    const dialog = await createChatDialog(t, [{ id: 'q', type: 'message', context: 'Hallo.' }]);
    const endpoint = await insertEndpoint(t.database.db, {
      surveyId: dialog.id,
      url: 'https://hooks.example.org/in',
      events: JSON.stringify(['chat.started']),
      secret: 'whsec_test',
      now: t.clock.now,
    });
    const deliveries = await insertDeliveries(
      t.database.db,
      [0, 1, 2].map((n) => ({
        endpointId: endpoint.id,
        eventId: newEventId(),
        event: 'webhook.test',
        payload: payloadOf('webhook.test', t.clock.now, { n }),
        now: t.clock.now,
      })),
    );
    // One failed before and waits for its retry, one was delivered: neither is due.
    await t.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: t.clock.now + 60_000, attempts: 1 })
      .where('id', '=', deliveries[0]!.id)
      .execute();
    await t.database.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered' })
      .where('id', '=', deliveries[1]!.id)
      .execute();
    const text = await scrape();
    expect(sample(text, 'dialogwerk_webhook_queue_depth{state="due"}')).toBe(1);
    expect(sample(text, 'dialogwerk_webhook_queue_depth{state="retrying"}')).toBe(1);
  });

  it('times language-model calls by outcome: answered, failed, refused as busy', async () => {
    const count = (text: string, outcome: string) =>
      sample(text, `dialogwerk_llm_call_duration_seconds_count{outcome="${outcome}"}`);
    const before = await scrape();
    const replies: (() => Promise<unknown>)[] = [
      async () => ({ ok: true }),
      async () => undefined,
      async () => {
        throw new LlmBusyError();
      },
      async () => {
        throw new Error('connection reset');
      },
    ];
    for (const next of replies) {
      const provider = instrumentLlm({ chatJson: next } as LlmProvider)!;
      await provider.chatJson({ purpose: 'test', messages: [], schema: z.unknown() }).catch(() => {});
    }
    const after = await scrape();
    expect(count(after, 'ok')).toBe(count(before, 'ok') + 1);
    expect(count(after, 'failed')).toBe(count(before, 'failed') + 2);
    expect(count(after, 'busy')).toBe(count(before, 'busy') + 1);
  });

  it('times embeddings calls by outcome', async () => {
    const count = (text: string, outcome: string) =>
      sample(text, `dialogwerk_embeddings_call_duration_seconds_count{outcome="${outcome}"}`);
    const before = await scrape();
    for (const outcome of ['ok', 'failed', 'busy', 'busy'] as const) observeEmbeddings(outcome, 0.05);
    const after = await scrape();
    expect(count(after, 'ok')).toBe(count(before, 'ok') + 1);
    expect(count(after, 'failed')).toBe(count(before, 'failed') + 1);
    expect(count(after, 'busy')).toBe(count(before, 'busy') + 2);
  });

  it('keeps /metrics out of the API description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).not.toContain('/metrics');
  });
});

describe('metrics on an address of their own (METRICS_BIND)', () => {
  it('parses host:port', () => {
    expect(parseBind('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseBind('[::1]:0')).toEqual({ host: '::1', port: 0 });
  });

  it('serves /metrics there, asking for the token when one is set', async () => {
    const server = await startMetricsServer('127.0.0.1:0', TOKEN);
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('dialogwerk_chat_turns_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names METRICS_BIND, not PORT, when its address is taken', async () => {
    const server = await startMetricsServer('127.0.0.1:0', TOKEN);
    try {
      const { port } = server.address() as AddressInfo;
      await expect(startMetricsServer(`127.0.0.1:${port}`, TOKEN)).rejects.toThrow(
        `METRICS_BIND 127.0.0.1:${port} ist schon belegt.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('starts and stops with the app, which then has no /metrics of its own', async () => {
    const t = await createTestApp({ METRICS_BIND: '127.0.0.1:0' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.body).not.toContain('dialogwerk_chat_turns_total');
    } finally {
      await t.close();
    }
  });
});
