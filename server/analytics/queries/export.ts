import type { Kysely } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { Database } from '../../db/schema.ts';
import { sessionFilter } from './filters.ts';

/** The export's reads: removed options, and the filtered sessions with their answers a page at a time. */

type Db = Kysely<Database>;

/** The distinct answers (kind 'answer') given to the blocks of a dialog. */
export function answeredValues(db: Db, surveyId: number, questionIds: readonly string[]) {
  return db
    .selectFrom('answers')
    .select(['unique_question_id', 'value'])
    .distinct()
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', 'in', [...questionIds])
    .where('kind', '=', 'answer')
    .execute();
}

/** Where the previous page ended: the start and id of its last session (null: from the beginning). */
export type Position = { started: number; id: number } | null;

/**
 * One page of the filtered sessions. With `game`, the player and play columns too: they are the session's
 * own, read with its page (no join, nothing kept beyond the page), and only then, since the index the
 * page is read along (migration 0006) covers the other columns.
 */
export function sessionPage(
  db: Db,
  surveyId: number,
  f: AnalyticsFilters,
  after: Position,
  { limit, game = false }: { limit: number; game?: boolean },
) {
  return db
    .selectFrom('chat_sessions as s')
    .leftJoin('dialog_versions as v', 'v.id', 's.version_id')
    .select(['s.id', 's.mode', 's.started_at', 's.finished_at', 's.hidden_fields', 'v.number as version'])
    .$if(game, (q) => q.select(['s.participant_id', 's.manager_session_id']))
    .where(sessionFilter([surveyId], f))
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('s.started_at', '>', after!.started),
          eb.and([eb('s.started_at', '=', after!.started), eb('s.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('s.started_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** The answers rows of sessions, by session and in the order they were given. */
export function answersOfSessions(db: Db, sessionIds: readonly number[]) {
  return db
    .selectFrom('answers')
    .select(['session_id', 'unique_question_id', 'kind', 'value', 'value_num', 'branch', 'confidence'])
    .where('session_id', 'in', [...sessionIds])
    .orderBy('session_id')
    .orderBy('id')
    .execute();
}
