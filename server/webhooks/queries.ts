import type { AppContext } from '../context.ts';
import { deleteDialogRow } from '../db/dialog-rows.ts';

/** The webhooks of a dialog and their delivery log, as the configuration calls read and change them. */

type Db = AppContext['db'];

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'events',
  'enabled',
  'disabled_reason',
  'consecutive_failures',
  'created_at',
] as const;
const DELIVERY_COLUMNS = [
  'id',
  'event_id',
  'event',
  'status',
  'attempts',
  'created_at',
  'last_attempt_at',
  'response_status',
  'duration_ms',
  'response_excerpt',
] as const;

export function listEndpoints(db: Db, surveyId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
}

export function insertEndpoint(
  db: Db,
  e: { surveyId: number; url: string; events: string; secret: string; now: number },
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      survey_id: e.surveyId,
      url: e.url,
      events: e.events,
      secret: e.secret,
      created_at: e.now,
      updated_at: e.now,
    })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Db,
  surveyId: number,
  id: number,
  change: { url?: string; events?: string; enabled?: number; now: number },
) {
  const reenable = change.enabled === 1 ? { consecutive_failures: 0, disabled_reason: null } : {};
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.events !== undefined ? { events: change.events } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      ...reenable,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, surveyId: number, id: number): Promise<boolean> {
  return (await deleteDialogRow(db, 'webhook_endpoints', surveyId, id)) > 0;
}

export function findEndpoint(db: Db, surveyId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id'])
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
}

export function listDeliveries(db: Db, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery of one of the dialog's webhooks, with what a new send of its event needs. */
export function findDelivery(db: Db, surveyId: number, deliveryId: number) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select([
      'webhook_deliveries.endpoint_id',
      'webhook_deliveries.event_id',
      'webhook_deliveries.event',
      'webhook_deliveries.payload',
    ])
    .where('webhook_deliveries.id', '=', deliveryId)
    .where('webhook_endpoints.survey_id', '=', surveyId)
    .executeTakeFirst();
}

export interface NewDelivery {
  endpointId: number;
  eventId: string;
  event: string;
  payload: string;
  now: number;
}

/** Queues deliveries, due at once; returns them as the log shows them. */
export function insertDeliveries(db: Db, rows: readonly NewDelivery[]) {
  return db
    .insertInto('webhook_deliveries')
    .values(
      rows.map((r) => ({
        endpoint_id: r.endpointId,
        event_id: r.eventId,
        event: r.event,
        payload: r.payload,
        status: 'pending' as const,
        next_attempt_at: r.now,
        created_at: r.now,
      })),
    )
    .returning(DELIVERY_COLUMNS)
    .execute();
}
