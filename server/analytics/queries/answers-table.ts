import { type Kysely, type SqlBool, sql } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import { likePattern } from '../../db/like-pattern.ts';
import type { Database } from '../../db/schema.ts';
import { inFilteredSessions } from './filters.ts';

/** What a page of a block's answers asks for (contract: answersRequest). */
export interface AnswersQuery {
  unique_question_id: string;
  search: string;
  page: number;
  page_size: number;
}

/** One page of a block's answers (newest first) with the session's follow-up, and how many there are. */
export async function answersPage(
  db: Kysely<Database>,
  surveyId: number,
  f: AnalyticsFilters,
  q: AnswersQuery,
) {
  const base = () => {
    const query = db
      .selectFrom('answers as a')
      .where('a.unique_question_id', '=', q.unique_question_id)
      .where('a.kind', 'in', ['answer', 'gpt'])
      .where(inFilteredSessions('a.session_id', [surveyId], f));
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
  return { total: Number(total.n), rows };
}
