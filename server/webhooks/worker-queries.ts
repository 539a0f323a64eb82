import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

/** The worker's claims and results. A claim is a lease: only its owner may settle the row. */

type Db = AppContext['db'];

/**
 * Leases up to `limit` due deliveries of switched-on webhooks to `owner` and counts the attempt. One
 * statement: on SQLite writers take turns, so two processes never claim one row; on PostgreSQL the rows
 * are locked with SKIP LOCKED, and a row another process has just leased no longer matches.
 */
export function claimDue(
  db: Db,
  dbKind: AppContext['dbKind'],
  c: { owner: string; now: number; leaseMs: number; limit: number },
) {
  const due = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', c.now)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', c.now)]))
    .where('e.enabled', '=', 1)
    .orderBy('d.next_attempt_at')
    .limit(c.limit)
    .$if(dbKind === 'postgres', (q) => q.forUpdate('d').skipLocked());
  return db
    .updateTable('webhook_deliveries')
    .set({
      lease_owner: c.owner,
      lease_until: c.now + c.leaseMs,
      attempts: sql`attempts + 1`,
    })
    .where('id', 'in', due)
    .returning(['id', 'endpoint_id', 'event_id', 'payload', 'attempts', 'created_at'])
    .execute();
}

export function endpointsByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('webhook_endpoints').select(['id', 'url', 'secret']).where('id', 'in', ids).execute();
}

export interface AttemptResult {
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: number;
  now: number;
  responseStatus: number | null;
  durationMs: number;
  excerpt: string;
}

/** Settles a leased delivery; false when the lease was lost (expired and taken by another worker). */
export async function settleDelivery(db: Db, id: number, owner: string, r: AttemptResult): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: r.status,
      next_attempt_at: r.nextAttemptAt,
      lease_owner: null,
      lease_until: null,
      last_attempt_at: r.now,
      response_status: r.responseStatus,
      duration_ms: r.durationMs,
      response_excerpt: r.excerpt,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function resetFailures(db: Db, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ consecutive_failures: 0 })
    .where('id', '=', endpointId)
    .where('consecutive_failures', '>', 0)
    .execute();
}

/** Counts a failed attempt; returns the failures in a row. */
export async function countFailure(db: Db, endpointId: number): Promise<number> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({ consecutive_failures: sql`consecutive_failures + 1` })
    .where('id', '=', endpointId)
    .returning('consecutive_failures')
    .executeTakeFirst();
  return Number(row?.consecutive_failures ?? 0);
}

export async function disableEndpoint(
  db: Db,
  endpointId: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whom to tell that a webhook was switched off: the dialog's owner. */
export function endpointOwner(db: Db, endpointId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .innerJoin('surveys', 'surveys.id', 'webhook_endpoints.survey_id')
    .innerJoin('users', 'users.id', 'surveys.owner_id')
    .select([
      'webhook_endpoints.url',
      'surveys.survey_id',
      'surveys.survey_name',
      'users.email',
      'users.language',
      'users.first_name',
    ])
    .where('webhook_endpoints.id', '=', endpointId)
    .executeTakeFirst();
}

/** The outbox's pending deliveries: due now, and waiting for a retry (the webhook_deliveries_due index). */
export async function pendingCounts(db: Db, now: number) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('pending'),
      eb.fn
        .sum<string | number | null>(eb.case().when('next_attempt_at', '>', now).then(1).else(0).end())
        .as('retrying'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const retrying = Number(row.retrying ?? 0);
  return { due: Number(row.pending) - retrying, retrying };
}
