import { sql } from 'kysely';
import type { AnalyticsFilters, RespondentsResponse, TranscriptResponse } from '../../contract/analytics.ts';
import { listMessages } from '../chat/queries.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { sessionFilter } from './filters.ts';

type Ctx = Pick<AppContext, 'db'>;

export const RESPONDENT_NOT_FOUND = 'Teilnahme nicht gefunden.';

const RESPONDENT_COLUMNS = ['s.id as session_id', 's.mode', 's.started_at', 's.finished_at'] as const;

/**
 * The blocks the session answered, for the respondents list ('Beantwortete Blöcke'): a multiple choice
 * with two options ticked is one block (two answers rows), a follow-up is no block of its own.
 */
const answerCount = sql<number>`(select count(distinct c.unique_question_id) from answers c
  where c.session_id = s.id and c.kind in ('answer', 'gpt'))`;

interface RespondentRow {
  session_id: number;
  mode: 'live' | 'test';
  started_at: number;
  finished_at: number | null;
  answers: number | null;
}

const toRespondent = (r: RespondentRow, numbers: Map<number, number>) => ({
  session_id: r.session_id,
  number: numbers.get(r.session_id) ?? 0,
  mode: r.mode,
  started_at: Number(r.started_at),
  finished_at: r.finished_at === null ? null : Number(r.finished_at),
  answers: Number(r.answers ?? 0),
});

/**
 * The running numbers of the given sessions of the dialog (contract: respondentSchema.number): their
 * ranks by start and id among the dialog's sessions of their mode. Per mode, the sessions that started
 * before the earliest of them are counted (along the index chat_sessions_filter, without reading them),
 * and the ones from the earliest to the latest are read in order: for a page of the list, about a page.
 */
async function runningNumbers(ctx: Ctx, surveyId: number, rows: readonly RespondentRow[]) {
  const numbers = new Map<number, number>();
  for (const mode of new Set(rows.map((r) => r.mode))) {
    const own = rows.filter((r) => r.mode === mode);
    const starts = own.map((r) => Number(r.started_at));
    const first = Math.min(...starts);
    const sessions = () =>
      ctx.db.selectFrom('chat_sessions as o').where('o.survey_id', '=', surveyId).where('o.mode', '=', mode);
    const before = await sessions()
      .select(sql<number>`count(*)`.as('n'))
      .where('o.started_at', '<', first)
      .executeTakeFirstOrThrow();
    const range = await sessions()
      .select('o.id')
      .where('o.started_at', '>=', first)
      .where('o.started_at', '<=', Math.max(...starts))
      .orderBy('o.started_at')
      .orderBy('o.id')
      .execute();
    const wanted = new Set(own.map((r) => r.session_id));
    for (const [i, r] of range.entries()) {
      if (wanted.has(r.id)) numbers.set(r.id, Number(before.n) + i + 1);
    }
  }
  return numbers;
}

/** POST /api/analytics/respondents: the filtered sessions, newest first, a page at a time. */
export async function listRespondents(
  ctx: Ctx,
  survey: { id: number },
  f: AnalyticsFilters,
  page: number,
  pageSize: number,
): Promise<RespondentsResponse> {
  const where = sessionFilter([survey.id], f);
  const total = await ctx.db
    .selectFrom('chat_sessions as s')
    .select(sql<number>`count(*)`.as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('chat_sessions as s')
    .select([...RESPONDENT_COLUMNS, answerCount.as('answers')])
    .where(where)
    .orderBy('s.started_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  const numbers = await runningNumbers(ctx, survey.id, rows);
  return { total: Number(total.n), rows: rows.map((r) => toRespondent(r, numbers)) };
}

async function findRespondent(ctx: Ctx, surveyId: number, sessionId: number) {
  const row = await ctx.db
    .selectFrom('chat_sessions as s')
    .select([...RESPONDENT_COLUMNS, answerCount.as('answers')])
    .where('s.id', '=', sessionId)
    .where('s.survey_id', '=', surveyId)
    .executeTakeFirst();
  if (!row) throw notFound(RESPONDENT_NOT_FOUND);
  return toRespondent(row, await runningNumbers(ctx, surveyId, [row]));
}

/** POST /api/analytics/transcript: one session of the dialog with its whole chat. */
export async function transcript(
  ctx: Ctx,
  survey: { id: number },
  sessionId: number,
): Promise<TranscriptResponse> {
  const respondent = await findRespondent(ctx, survey.id, sessionId);
  return { respondent, messages: await listMessages(ctx.db, sessionId) };
}

/**
 * POST /api/analytics/delete_respondent: removes one session of the dialog. Its messages and answers go
 * with it, and so do the Trainieren inbox items made from those answers (foreign keys with ON DELETE
 * CASCADE, migration 0001, on both databases).
 */
export async function deleteRespondent(ctx: Ctx, survey: { id: number }, sessionId: number) {
  const deleted = await ctx.db
    .deleteFrom('chat_sessions')
    .where('id', '=', sessionId)
    .where('survey_id', '=', survey.id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(RESPONDENT_NOT_FOUND);
  return { msg: 'success' as const };
}
