import { sql } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { sessionFilter } from './filters.ts';

/** The versions the filtered sessions of a dialog ran on (analytics/versions.ts). */
export async function sessionVersionIds(
  ctx: Pick<AppContext, 'db'>,
  surveyId: number,
  f: AnalyticsFilters,
): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('chat_sessions as s')
    .select(sql<number | null>`s.version_id`.as('version_id'))
    .distinct()
    .where(sessionFilter([surveyId], f))
    .execute();
  return rows.flatMap((r) => (r.version_id === null ? [] : [Number(r.version_id)]));
}
