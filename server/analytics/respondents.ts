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

type Mode = 'live' | 'test';
/** A session by its place in the numbering order: start, then id. */
export interface NumberedSession {
  id: number;
  mode: Mode;
  started_at: number;
}
type Place = { started: number; id: number };

const before = (a: Place, b: Place) => a.started < b.started || (a.started === b.started && a.id < b.id);

/**
 * The running numbers of a dialog's sessions (contract: respondentSchema.number): their ranks by start
 * and id among the dialog's sessions of their mode, the number Analyse shows as 'Nr.'. Per mode, the
 * sessions that started before the earliest asked for are counted (along the index chat_sessions_filter,
 * without reading them), and the ones from there to the latest asked for are read in order: for a page of
 * the list, about a page. Asked again for later sessions (the export's pages, in start order), it goes on
 * from the last session it read, so a whole export reads each session once.
 */
export class RunningNumbers {
  private readonly last = new Map<Mode, Place & { number: number }>();

  constructor(
    private readonly ctx: Ctx,
    private readonly surveyId: number,
  ) {}

  async of(rows: readonly NumberedSession[]): Promise<Map<number, number>> {
    const numbers = new Map<number, number>();
    for (const mode of new Set(rows.map((r) => r.mode))) {
      const own = rows
        .map((r) => ({ started: Number(r.started_at), id: r.id }))
        .filter((_, i) => rows[i]!.mode === mode);
      const first = own.reduce((a, b) => (before(b, a) ? b : a));
      const upto = own.reduce((a, b) => (before(a, b) ? b : a));
      const sessions = () =>
        this.ctx.db
          .selectFrom('chat_sessions as o')
          .where('o.survey_id', '=', this.surveyId)
          .where('o.mode', '=', mode);
      let from = this.last.get(mode);
      if (from && before(first, from)) throw new Error('RunningNumbers: sessions asked for out of order');
      if (!from) {
        const counted = await sessions()
          .select(sql<number>`count(*)`.as('n'))
          .where('o.started_at', '<', first.started)
          .executeTakeFirstOrThrow();
        from = { started: first.started, id: 0, number: Number(counted.n) };
      }
      const start = from;
      const range = await sessions()
        .select('o.id')
        .select('o.started_at')
        .where((eb) =>
          eb.and([
            eb.or([
              eb('o.started_at', '>', start.started),
              eb.and([eb('o.started_at', '=', start.started), eb('o.id', '>', start.id)]),
            ]),
            eb.or([
              eb('o.started_at', '<', upto.started),
              eb.and([eb('o.started_at', '=', upto.started), eb('o.id', '<=', upto.id)]),
            ]),
          ]),
        )
        .orderBy('o.started_at')
        .orderBy('o.id')
        .execute();
      const wanted = new Set(own.map((r) => r.id));
      let number = start.number;
      for (const r of range) {
        number += 1;
        if (wanted.has(r.id)) numbers.set(r.id, number);
      }
      this.last.set(mode, { ...upto, number });
    }
    return numbers;
  }
}

const numbersOf = (ctx: Ctx, surveyId: number, rows: readonly RespondentRow[]) =>
  new RunningNumbers(ctx, surveyId).of(
    rows.map((r) => ({ id: r.session_id, mode: r.mode, started_at: r.started_at })),
  );

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
  const numbers = await numbersOf(ctx, survey.id, rows);
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
  return toRespondent(row, await numbersOf(ctx, surveyId, [row]));
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
