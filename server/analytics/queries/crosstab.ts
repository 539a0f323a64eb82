import { type Kysely, sql } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { Database } from '../../db/schema.ts';
import { inFilteredSessions } from './filters.ts';

/**
 * Sessions per pair of answers to two blocks over the filtered sessions (analytics/crosstab.ts), with
 * the totals per row label, per column label and overall.
 */
export async function crosstabCounts(
  db: Kysely<Database>,
  surveyId: number,
  f: AnalyticsFilters,
  rowId: string,
  columnId: string,
) {
  const pairs = () =>
    db
      .selectFrom('answers as r')
      .innerJoin('answers as c', (join) =>
        join
          .onRef('c.session_id', '=', 'r.session_id')
          .on('c.unique_question_id', '=', columnId)
          .on('c.kind', '=', 'answer'),
      )
      .where('r.unique_question_id', '=', rowId)
      .where('r.kind', '=', 'answer')
      .where(inFilteredSessions('r.session_id', [surveyId], f));
  const cells = await pairs()
    .select(['r.value as row', 'c.value as column', sql<number>`count(distinct r.session_id)`.as('n')])
    .groupBy(['r.value', 'c.value'])
    .execute();
  // The totals count sessions, not cells: a multiple choice session is in several cells of its row.
  const rowTotals = await pairs()
    .select(['r.value as label', sql<number>`count(distinct r.session_id)`.as('n')])
    .groupBy('r.value')
    .execute();
  const columnTotals = await pairs()
    .select(['c.value as label', sql<number>`count(distinct r.session_id)`.as('n')])
    .groupBy('c.value')
    .execute();
  const total = await pairs()
    .select(sql<number>`count(distinct r.session_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return { cells, rowTotals, columnTotals, total: Number(total.n) };
}
