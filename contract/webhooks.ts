import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { rowIdSchema } from './fields.ts';

/**
 * Webhooks of a dialog (issue 22): an address that gets the dialog's events as JSON, signed as the
 * Standard Webhooks specification says (headers webhook-id, webhook-timestamp, webhook-signature; verify
 * with the `standardwebhooks` package and the endpoint's secret `whsec_…`).
 *
 * Every payload is `{ type, timestamp, data }` (timestamp: ISO 8601):
 * - chat.started: data { survey_id, session_id, mode, started_at, hidden_fields }
 * - chat.finished: data { survey_id, session_id, mode, started_at, finished_at, hidden_fields, answers: [{ block_id,
 *   short_name, variable, kind ('answer' | 'nachfrage' | 'gpt'), value, value_num, branch, answered_at }] }
 * - respondent.deleted: data { survey_id, session_ids, deleted_by ('respondent' | 'author'), deleted_at }: erase
 *   these sessions' copies (sent when a respondent deletes their data or withdraws consent, and when an
 *   author deletes a respondent in Analyse)
 * - version.published: data { survey_id, number, note, published_at, published_by } (issue 21: a new
 *   version reaches respondents)
 * - webhook.test: data { survey_id, message } ('Test senden')
 * Times in data are epoch milliseconds; webhook-id is the event's id, the same on every retry.
 */
export const WEBHOOK_EVENTS = [
  'chat.started',
  'chat.finished',
  'respondent.deleted',
  'version.published',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'chat.started': 'Chat begonnen',
  'chat.finished': 'Chat beendet',
  'respondent.deleted': 'Daten von Teilnehmenden gelöscht',
  'version.published': 'Version veröffentlicht',
};

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server switched it off (repeated failures), until it is switched on again. */
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  created_at: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const webhookUrl = z
  .string({ error: 'muss eine Adresse sein' })
  .trim()
  .max(2000, 'höchstens 2000 Zeichen')
  .pipe(z.url({ protocol: /^https?$/, error: 'muss eine https-Adresse sein' }));
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'mindestens ein Ereignis');
const webhookId = rowIdSchema;

export const listWebhooksRequest = z.object({ survey_id: surveyIdSchema });
export const listWebhooksResponse = z.object({ webhooks: z.array(webhookSchema) });
export const createWebhookRequest = z.object({ survey_id: surveyIdSchema, url: webhookUrl, events });
export const createWebhookResponse = z.object({
  webhook: webhookSchema,
  /** The signing secret, shown this once. */
  secret: z.string(),
});
export const updateWebhookRequest = z.object({
  survey_id: surveyIdSchema,
  id: webhookId,
  url: webhookUrl.optional(),
  events: events.optional(),
  /** true switches it on again and forgets its failures. */
  enabled: z.boolean().optional(),
});
export const webhookResponse = z.object({ webhook: webhookSchema });
export const webhookRequest = z.object({ survey_id: surveyIdSchema, id: webhookId });
export const okResponse = z.object({ msg: z.literal('success') });

export const deliverySchema = z.object({
  id: z.number(),
  event_id: z.string(),
  event: z.string(),
  /** pending (waiting for its next attempt), delivered, failed (gave up after a day). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  created_at: z.number(),
  last_attempt_at: z.number().nullable(),
  /** The receiver's HTTP status of the last attempt; null: no answer (refused, timed out). */
  response_status: z.number().nullable(),
  duration_ms: z.number().nullable(),
  /** The first characters of the receiver's answer, or why there was none. */
  response_excerpt: z.string().nullable(),
});
export const deliveriesRequest = webhookRequest;
export const deliveriesResponse = z.object({ deliveries: z.array(deliverySchema) });
export const resendDeliveryRequest = z.object({ survey_id: surveyIdSchema, delivery_id: webhookId });
export const deliveryResponse = z.object({ delivery: deliverySchema });
