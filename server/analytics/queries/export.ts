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

/**
 * The ids of the filtered sessions in the export's order (start, then id), read once per dialog: the
 * filters (a date range, an answer filter: a subquery over the block's answers) and the sort over all
 * of the dialog's sessions are evaluated once, instead of once per page as a keyset on start and id
 * did (with both modes no index gives that order, so every page sorted what was left of the dialog).
 * A page is then a lookup of its ids (sessionsByIds). With `limit`, only the first ones: the export
 * asks for one to find out, before the file starts, whether the database takes the filters.
 */
export async function filteredSessionIds(
  db: Db,
  surveyId: number,
  f: AnalyticsFilters,
  limit?: number,
): Promise<Float64Array> {
  const rows = await db
    .selectFrom('chat_sessions as s')
    .select('s.id')
    .where(sessionFilter([surveyId], f))
    .orderBy('s.started_at')
    .orderBy('s.id')
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
  // Outside the heap: a number array of 100,000 ids would be garbage the old generation keeps.
  return Float64Array.from(rows, (r) => r.id);
}

/**
 * The export's columns of the sessions with these ids, in no particular order (a session deleted since
 * its id was read is missing). With `game`, the player and play columns too: they are the session's own,
 * read with it (no join, nothing kept beyond the page).
 */
export function sessionsByIds(db: Db, ids: readonly number[], game: boolean) {
  return db
    .selectFrom('chat_sessions as s')
    .leftJoin('dialog_versions as v', 'v.id', 's.version_id')
    .select(['s.id', 's.mode', 's.started_at', 's.finished_at', 's.hidden_fields', 'v.number as version'])
    .$if(game, (q) => q.select(['s.participant_id', 's.manager_session_id']))
    .where('s.id', 'in', [...ids])
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
