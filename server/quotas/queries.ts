import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DbKind } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { deleteInDialog } from '../db/queries.ts';

/** SQL of quotas and their members. `db` may be a transaction (the chat turn's). */

type Db = AppContext['db'];

export interface QuotaValues {
  name: string;
  conditions: string;
  limit_count: number;
  end_block: string | null;
}

const QUOTA_COLUMNS = ['id', 'name', 'conditions', 'limit_count', 'end_block'] as const;

// Prepared: every chat turn asks, and most dialogs have no quotas (server/db/prepared.ts).
const quotaRowsQuery = prepared(1, (db, surveyId: number) =>
  db.selectFrom('quotas').select(QUOTA_COLUMNS).where('survey_id', '=', surveyId).orderBy('id'),
);

export async function listQuotaRows(db: Db, surveyId: number) {
  return (await quotaRowsQuery(db, surveyId)).rows;
}
export type QuotaRow = Awaited<ReturnType<typeof listQuotaRows>>[number];

export async function countQuotas(db: Db, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('quotas')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertQuota(db: Db, surveyId: number, values: QuotaValues, now: number) {
  return db
    .insertInto('quotas')
    .values({ survey_id: surveyId, ...values, created_at: now })
    .returning(QUOTA_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateQuotaRow(db: Db, surveyId: number, id: number, values: QuotaValues) {
  return db
    .updateTable('quotas')
    .set(values)
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .returning(QUOTA_COLUMNS)
    .executeTakeFirst();
}

export async function deleteQuotaRow(db: Db, surveyId: number, id: number): Promise<boolean> {
  return (await deleteInDialog(db, 'quotas', surveyId, id)) > 0;
}

/** The sessions counted in each quota. */
export async function memberCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('quota_members')
    .select(['quota_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('quota_id', 'in', ids)
    .groupBy('quota_id')
    .execute();
  return new Map(rows.map((r) => [r.quota_id, Number(r.n)]));
}

/**
 * Holds the quotas' rows until the transaction ends, in id order (two turns lock shared quotas in the
 * same order, so they never deadlock): a turn that counts then sees every member committed before it. On
 * SQLite the one writer holds the whole database already.
 */
export async function lockQuotas(db: Db, dbKind: DbKind, ids: readonly number[]): Promise<void> {
  if (dbKind !== 'postgres' || ids.length === 0) return;
  await sql`select id from quotas where id in (${sql.join(ids)}) order by id for update`.execute(db);
}

export async function addMembers(db: Db, ids: readonly number[], sessionId: number, now: number) {
  if (ids.length === 0) return;
  await db
    .insertInto('quota_members')
    .values(ids.map((quota_id) => ({ quota_id, session_id: sessionId, counted_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A session's answers (one row per chosen option) and the hidden fields it started with. */
export async function sessionQuotaFacts(db: Db, sessionId: number) {
  const answers = await db
    .selectFrom('answers')
    .select(['unique_question_id', 'value'])
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'answer')
    .execute();
  const session = await db
    .selectFrom('chat_sessions')
    .select('hidden_fields')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return { answers, hiddenJson: session?.hidden_fields ?? null };
}
