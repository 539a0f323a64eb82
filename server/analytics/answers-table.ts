import { type SqlBool, sql } from 'kysely';
import type { AnalyticsFilters, AnswersResponse } from '../../contract/analytics.ts';
import { likePattern } from '../accounts/admin.ts';
import type { AppContext } from '../context.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/errors.ts';
import { findBlock } from '../dialogs/queries.ts';
import { notFound } from '../http/errors.ts';
import { inFilteredSessions } from './filters.ts';

type Ctx = Pick<AppContext, 'db'>;

export interface AnswersQuery {
  unique_question_id: string;
  search: string;
  page: number;
  page_size: number;
}

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
  const base = () => {
    const query = ctx.db
      .selectFrom('answers as a')
      .where('a.unique_question_id', '=', q.unique_question_id)
      .where('a.kind', 'in', ['answer', 'gpt'])
      .where(inFilteredSessions('a.session_id', [survey.id], f));
    return q.search === ''
      ? query
      : query.where(sql<SqlBool>`lower(a.value) like ${likePattern(q.search)} escape '\\'`);
  };
  const total = await base().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await base()
    .select((eb) => [
      'a.session_id',
      'a.value',
      'a.branch',
      'a.confidence',
      'a.created_on',
      eb
        .selectFrom('answers as n')
        .select('n.value')
        .whereRef('n.session_id', '=', 'a.session_id')
        .whereRef('n.unique_question_id', '=', 'a.unique_question_id')
        .where('n.kind', '=', 'nachfrage')
        .orderBy('n.id')
        .limit(1)
        .as('followup'),
    ])
    .orderBy('a.created_on', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.page_size)
    .offset(q.page * q.page_size)
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({ ...r, followup: r.followup ?? null, created_on: Number(r.created_on) })),
  };
}
