import type { AnalyticsFilters, RespondentsResponse, TranscriptResponse } from '../../contract/analytics.ts';
import { listMessages } from '../chat/queries.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { recordRespondentDeleted } from '../webhooks/outbox.ts';
import { RESPONDENT_NOT_FOUND } from './errors.ts';
import {
  deleteSession,
  findRespondentRow,
  type RespondentRow,
  respondentPage,
} from './queries/respondents.ts';
import { RunningNumbers } from './running-numbers.ts';

type Ctx = Pick<AppContext, 'db'>;

const toRespondent = (r: RespondentRow, numbers: Map<number, number>) => ({
  session_id: r.session_id,
  number: numbers.get(r.session_id) ?? 0,
  mode: r.mode,
  started_at: Number(r.started_at),
  finished_at: r.finished_at === null ? null : Number(r.finished_at),
  answers: Number(r.answers ?? 0),
});

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
  const { total, rows } = await respondentPage(ctx.db, survey.id, f, page, pageSize);
  const numbers = await numbersOf(ctx, survey.id, rows);
  return { total, rows: rows.map((r) => toRespondent(r, numbers)) };
}

async function findRespondent(ctx: Ctx, surveyId: number, sessionId: number) {
  const row = await findRespondentRow(ctx.db, surveyId, sessionId);
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
 * with it, and so do the Trainieren inbox items made from those answers and its places in quotas
 * (foreign keys with ON DELETE CASCADE, on both databases). The webhooks' respondent.deleted event is
 * written in the same transaction, so it is sent exactly when the deletion commits.
 */
export async function deleteRespondent(
  ctx: Pick<AppContext, 'db' | 'now'>,
  survey: { id: number },
  sessionId: number,
) {
  await ctx.db.transaction().execute(async (tx) => {
    if ((await deleteSession(tx, survey.id, sessionId)) === 0) throw notFound(RESPONDENT_NOT_FOUND);
    await recordRespondentDeleted(tx, {
      by: 'author',
      surveyId: survey.id,
      sessionIds: [sessionId],
      now: ctx.now(),
    });
  });
  return { msg: 'success' as const };
}
