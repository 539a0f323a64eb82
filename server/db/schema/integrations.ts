import type { ColumnType } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Calls from outside and background work: API keys, webhooks and job leases. */

/** A personal API key (migration 0014); scopes is a JSON list of contract/api-keys.ts API_KEY_SCOPES. */
export interface ApiKeysTable {
  id: Id;
  user_id: number;
  name: string;
  hint: string;
  secret_hash: string;
  scopes: string;
  created_at: Ms;
  expires_at: Ms;
  last_used_at: Ms | null;
  revoked_at: Ms | null;
}

/** Calls of one API key in one minute, for its rate limit (migration 0014). */
export interface ApiKeyWindowsTable {
  key_id: number;
  window_start: Ms;
  count: number;
}

/** A dialog's webhook (migration 0015); events is a JSON list of contract/webhooks.ts WEBHOOK_EVENTS. */
export interface WebhookEndpointsTable {
  id: Id;
  survey_id: number;
  url: string;
  events: string;
  /** The Standard Webhooks signing secret (whsec_…): kept, since signing needs it. */
  secret: string;
  enabled: ColumnType<number, number | undefined, number>;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  disabled_reason: string | null;
  created_at: Ms;
  updated_at: Ms;
}

/** One event for one webhook: the outbox row and its delivery log entry (migration 0015). */
export interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: number;
  event_id: string;
  event: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Ms;
  lease_until: Ms | null;
  lease_owner: string | null;
  created_at: Ms;
  last_attempt_at: Ms | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
}

/** One process of several runs a job while it holds the job's lease (server/retention/lease-queries.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  until: Ms;
}
