import { type Kysely, sql } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { Database } from '../../db/schema.ts';
import { sessionFilter } from './filters.ts';

/**
 * The players of a multi-dialog chat over the filtered sessions of its dialogs (internal ids): in all,
 * and per dialog those who started and those who finished it.
 */
export async function playerCounts(db: Kysely<Database>, ids: readonly number[], f: AnalyticsFilters) {
  // A session belongs to a participant (live) or to an author (test), never both.
  const players = sql<number>`count(distinct s.participant_id) + count(distinct s.user_id)`;
  const total = await db
    .selectFrom('chat_sessions as s')
    .select(players.as('n'))
    .where(sessionFilter(ids, f))
    .executeTakeFirstOrThrow();
  const perDialog = await db
    .selectFrom('chat_sessions as s')
    .select([
      's.survey_id',
      players.as('started'),
      sql<number>`count(distinct case when s.finished_at is not null then s.participant_id end)
        + count(distinct case when s.finished_at is not null then s.user_id end)`.as('finished'),
    ])
    .where(sessionFilter(ids, f))
    .groupBy('s.survey_id')
    .execute();
  return { total: Number(total.n), perDialog };
}
