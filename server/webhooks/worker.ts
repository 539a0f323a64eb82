import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context.ts';
import { sendWebhookDisabledMail } from '../mail/service.ts';
import { WEBHOOK_ERRORS } from './errors.ts';
import { postWebhook } from './send.ts';
import {
  claimDue,
  countFailure,
  disableEndpoint,
  endpointOwner,
  endpointsByIds,
  pendingCounts,
  resetFailures,
  settleDelivery,
} from './worker-queries.ts';

/**
 * Sends the outbox: claims due deliveries with a lease, POSTs each signed as Standard Webhooks says,
 * and settles it: delivered on a 2xx, else the next attempt after a growing pause, for a day, then
 * failed. Rows live in the database, so a restarted process carries on where the last one stopped; a
 * delivery whose worker died is taken up again when its lease runs out.
 */

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Longer than a send may take (10 s), so a lease never runs out under a live worker. */
export const LEASE_MS = 60_000;
const BATCH = 10;
const ROUNDS_PER_TICK = 20;
/** Pauses after the 1st, 2nd, … failed attempt; the last one repeats. */
const BACKOFF_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];
export const GIVE_UP_AFTER_MS = 86_400_000;

export const backoffMs = (attempts: number) =>
  (BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] ?? 5) * 1000;

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];
type Target = Awaited<ReturnType<typeof endpointsByIds>>[number];

async function deliver(ctx: AppContext, log: Logger, owner: string, row: Claimed, target: Target) {
  const now = ctx.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Dialogwerk-Webhooks/1',
    'webhook-id': row.event_id,
    'webhook-timestamp': String(Math.floor(now / 1000)),
    'webhook-signature': new Webhook(target.secret).sign(row.event_id, new Date(now), row.payload),
  };
  const sent = await postWebhook(target.url, headers, row.payload, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
  const next = now + backoffMs(row.attempts);
  const status = ok ? 'delivered' : next > row.created_at + GIVE_UP_AFTER_MS ? 'failed' : 'pending';
  const settled = await settleDelivery(ctx.db, row.id, owner, {
    status,
    nextAttemptAt: ok ? now : next,
    now,
    responseStatus: sent.status,
    durationMs: sent.durationMs,
    excerpt: sent.excerpt,
  });
  if (!settled) log.warn({ deliveryId: row.id }, 'webhook delivery lease lost before it was settled');
  if (ok) return resetFailures(ctx.db, target.id);
  const failures = await countFailure(ctx.db, target.id);
  if (failures >= ctx.config.WEBHOOK_DISABLE_AFTER) {
    const reason = WEBHOOK_ERRORS.disabled(failures);
    if (await disableEndpoint(ctx.db, target.id, reason, now)) {
      log.warn({ webhookId: target.id, failures }, 'webhook switched off after repeated failures');
      await tellOwner(ctx, log, target.id, reason);
    }
  }
}

/** Mails the dialog's owner; the reason also stays on the webhook, shown in the dialog's settings. */
async function tellOwner(ctx: AppContext, log: Logger, endpointId: number, reason: string) {
  const owner = await endpointOwner(ctx.db, endpointId);
  if (!owner?.email) return;
  try {
    await sendWebhookDisabledMail(ctx, log, {
      to: owner.email,
      language: owner.language === 'en' ? 'en' : 'de',
      firstName: owner.first_name,
      surveyId: owner.survey_id,
      surveyName: owner.survey_name,
      url: owner.url,
      reason,
    });
  } catch {
    // deliver() has logged it; the notice in the settings remains.
  }
}

/** One round: claims a batch and sends it; the number of deliveries claimed. */
export async function deliverDue(ctx: AppContext, log: Logger, owner: string): Promise<number> {
  const claimed = await claimDue(ctx.db, ctx.dbKind, {
    owner,
    now: ctx.now(),
    leaseMs: LEASE_MS,
    limit: BATCH,
  });
  if (claimed.length === 0) return 0;
  const targets = new Map(
    (await endpointsByIds(ctx.db, [...new Set(claimed.map((c) => c.endpoint_id))])).map((t) => [t.id, t]),
  );
  await Promise.all(
    claimed.map(async (row) => {
      const target = targets.get(row.endpoint_id);
      if (target) await deliver(ctx, log, owner, row, target);
    }),
  );
  return claimed.length;
}

/** The outbox's depth for the metrics (read from the database on each scrape, the same on every process). */
export function outboxDepth(ctx: AppContext) {
  return pendingCounts(ctx.db, ctx.now());
}

export interface WebhookWorker {
  start(): void;
  /** Stops polling and waits for the sends under way. */
  stop(): Promise<void>;
  /** Sends what is due now (rounds until none is left, bounded); for tests and shutdown-free runs. */
  runOnce(): Promise<void>;
}

export function createWebhookWorker(ctx: AppContext, log: Logger): WebhookWorker {
  const owner = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  const runOnce = async () => {
    for (let round = 0; round < ROUNDS_PER_TICK; round += 1) {
      if ((await deliverDue(ctx, log, owner)) < BATCH) return;
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'webhook worker round failed'))
        .finally(() => {
          running = null;
          if (!stopped) schedule();
        });
    }, ctx.config.WEBHOOK_POLL_MS);
    timer.unref();
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}
