import type { AnalyticsFilters, AnswersResponse } from '../../contract/analytics.ts';
import type { AppContext } from '../context.ts';
import { likePattern } from '../db/like-pattern.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/blocks.ts';
import { findBlock } from '../dialogs/queries.ts';
import { notFound } from '../http/errors.ts';
import { type AnswersQuery, answersPage } from './queries/answers-table.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * POST /api/analytics/answers: a block's answers (newest first) with the branch the classifier chose,
 * its confidence and the follow-up answer of the same session, searched case-insensitively (the search
 * text taken literally) and paged.
 */
export async function answersTable(
  ctx: Ctx,
  survey: { id: number },
  f: AnalyticsFilters,
  q: AnswersQuery,
): Promise<AnswersResponse> {
  if (!(await findBlock(ctx.db, survey.id, q.unique_question_id))) throw notFound(BLOCK_NOT_FOUND);
  const { total, rows } = await answersPage(ctx.db, survey.id, f, q);
  return {
    total,
    rows: rows.map((r) => ({ ...r, followup: r.followup ?? null, created_on: Number(r.created_on) })),
  };
}
