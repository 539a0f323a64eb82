import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookEvent,
} from '../../contract/webhooks.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { checkWebhookUrl } from './address-guard.ts';
import { WEBHOOK_ERRORS } from './errors.ts';
import { newEventId } from './outbox.ts';
import { payloadOf } from './payload.ts';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
} from './queries.ts';

/** A dialog's webhooks as its editors configure them ('configure' is checked by the endpoint table). */

const LOG_LIMIT = 100;

type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

const eventsJson = (events: readonly WebhookEvent[]) =>
  JSON.stringify(WEBHOOK_EVENTS.filter((e) => events.includes(e)));

function toWebhook(row: EndpointRow): Webhook {
  const events: unknown = JSON.parse(row.events);
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENTS.filter((e) => Array.isArray(events) && events.includes(e)),
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    consecutive_failures: row.consecutive_failures,
    created_at: row.created_at,
  };
}

export async function listWebhooks(ctx: AppContext, access: DialogAccess) {
  return { webhooks: (await listEndpoints(ctx.db, access.survey.id)).map(toWebhook) };
}

export async function createWebhook(
  ctx: AppContext,
  access: DialogAccess,
  req: { url: string; events: WebhookEvent[] },
) {
  const url = await checkWebhookUrl(req.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const row = await insertEndpoint(ctx.db, {
    surveyId: access.survey.id,
    url,
    events: eventsJson(req.events),
    secret,
    now: ctx.now(),
  });
  return { webhook: toWebhook(row), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  access: DialogAccess,
  req: { id: number; url?: string; events?: WebhookEvent[]; enabled?: boolean },
) {
  const url =
    req.url === undefined ? undefined : await checkWebhookUrl(req.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const row = await updateEndpoint(ctx.db, access.survey.id, req.id, {
    url,
    events: req.events ? eventsJson(req.events) : undefined,
    enabled: req.enabled === undefined ? undefined : req.enabled ? 1 : 0,
    now: ctx.now(),
  });
  if (!row) throw notFound(WEBHOOK_ERRORS.notFound);
  return { webhook: toWebhook(row) };
}

export async function removeWebhook(ctx: AppContext, access: DialogAccess, id: number) {
  if (!(await deleteEndpoint(ctx.db, access.survey.id, id))) throw notFound(WEBHOOK_ERRORS.notFound);
  return { msg: 'success' as const };
}

export async function webhookDeliveries(ctx: AppContext, access: DialogAccess, id: number) {
  if (!(await findEndpoint(ctx.db, access.survey.id, id))) throw notFound(WEBHOOK_ERRORS.notFound);
  return { deliveries: await listDeliveries(ctx.db, id, LOG_LIMIT) };
}

/** 'Erneut senden': the same event (same webhook-id, so receivers can tell) as a new delivery, due now. */
export async function resendDelivery(ctx: AppContext, access: DialogAccess, deliveryId: number) {
  const found = await findDelivery(ctx.db, access.survey.id, deliveryId);
  if (!found) throw notFound(WEBHOOK_ERRORS.deliveryNotFound);
  const [delivery] = await insertDeliveries(ctx.db, [
    {
      endpointId: found.endpoint_id,
      eventId: found.event_id,
      event: found.event,
      payload: found.payload,
      now: ctx.now(),
    },
  ]);
  return { delivery: delivery as NonNullable<typeof delivery> };
}

/** 'Test senden': a webhook.test event to this webhook only. */
export async function testWebhook(ctx: AppContext, access: DialogAccess, id: number) {
  if (!(await findEndpoint(ctx.db, access.survey.id, id))) throw notFound(WEBHOOK_ERRORS.notFound);
  const now = ctx.now();
  const payload = payloadOf(WEBHOOK_TEST_EVENT, now, {
    survey_id: access.survey.survey_id,
    message: 'Test von Dialogwerk',
  });
  const [delivery] = await insertDeliveries(ctx.db, [
    { endpointId: id, eventId: newEventId(), event: WEBHOOK_TEST_EVENT, payload, now },
  ]);
  return { delivery: delivery as NonNullable<typeof delivery> };
}
