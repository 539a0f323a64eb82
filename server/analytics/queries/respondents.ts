import { type Kysely, sql } from 'kysely';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import { deleteDialogRow } from '../../db/dialog-rows.ts';
import type { Database } from '../../db/schema.ts';
import { sessionFilter } from './filters.ts';

/** The respondents (sessions) of a dialog: the list, one of them, deleting one, and their running numbers. */

type Db = Kysely<Database>;
type Mode = 'live' | 'test';

const RESPONDENT_COLUMNS = ['s.id as session_id', 's.mode', 's.started_at', 's.finished_at'] as const;

/**
 * The blocks the session answered, for the respondents list ('Beantwortete Blöcke'): a multiple choice
 * with two options ticked is one block (two answers rows), a follow-up is no block of its own.
 */
const answerCount = sql<number>`(select count(distinct c.unique_question_id) from answers c
  where c.session_id = s.id and c.kind in ('answer', 'gpt'))`;

export interface RespondentRow {
  session_id: number;
  mode: Mode;
  started_at: number;
  finished_at: number | null;
  answers: number | null;
}

/** The filtered sessions of a dialog, newest first, one page, and how many there are. */
export async function respondentPage(
  db: Db,
  surveyId: number,
  f: AnalyticsFilters,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: RespondentRow[] }> {
  const where = sessionFilter([surveyId], f);
  const total = await db
    .selectFrom('chat_sessions as s')
    .select(sql<number>`count(*)`.as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('chat_sessions as s')
    .select([...RESPONDENT_COLUMNS, answerCount.as('answers')])
    .where(where)
    .orderBy('s.started_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { total: Number(total.n), rows };
}

export function findRespondentRow(
  db: Db,
  surveyId: number,
  sessionId: number,
): Promise<RespondentRow | undefined> {
  return db
    .selectFrom('chat_sessions as s')
    .select([...RESPONDENT_COLUMNS, answerCount.as('answers')])
    .where('s.id', '=', sessionId)
    .where('s.survey_id', '=', surveyId)
    .executeTakeFirst();
}

/** Deletes a session of the dialog (its messages and answers go by ON DELETE CASCADE); how many went. */
export function deleteSession(db: Db, surveyId: number, sessionId: number): Promise<number> {
  return deleteDialogRow(db, 'chat_sessions', surveyId, sessionId);
}

/** A session by its place in the numbering order: start, then id. */
export type Place = { started: number; id: number };

const sessionsOfMode = (db: Db, surveyId: number, mode: Mode) =>
  db.selectFrom('chat_sessions as o').where('o.survey_id', '=', surveyId).where('o.mode', '=', mode);

/** How many sessions of the dialog in the mode started before `started` (along chat_sessions_filter). */
export async function sessionsBefore(db: Db, surveyId: number, mode: Mode, started: number): Promise<number> {
  const counted = await sessionsOfMode(db, surveyId, mode)
    .select(sql<number>`count(*)`.as('n'))
    .where('o.started_at', '<', started)
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The sessions of the dialog in the mode after `from` up to `upto` (inclusive), in numbering order. */
export function sessionsBetween(db: Db, surveyId: number, mode: Mode, from: Place, upto: Place) {
  return sessionsOfMode(db, surveyId, mode)
    .select('o.id')
    .select('o.started_at')
    .where((eb) =>
      eb.and([
        eb.or([
          eb('o.started_at', '>', from.started),
          eb.and([eb('o.started_at', '=', from.started), eb('o.id', '>', from.id)]),
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
}
