import type { Insertable, Kysely, Updateable } from 'kysely';
import { deleteById, exists, insertId, updateById } from '../db/queries.ts';
import type { BlocksTable, Database, SurveysTable } from '../db/schema.ts';
import type { BlockRow } from './rows.ts';

/** SQL of dialogs and their blocks. `db` may be a transaction. */
type Db = Kysely<Database>;

/**
 * Bumps the dialog's version at the start of a write and returns the row as it now is. On PostgreSQL the UPDATE also takes the row lock,
 * so concurrent writes to one dialog run one after another (orders stay contiguous); SQLite serialises
 * write transactions anyway.
 */
export function bumpDialogVersion(db: Db, surveyId: number, now: number) {
  return db
    .updateTable('surveys')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', surveyId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSurvey(db: Db, surveyId: number, values: Updateable<SurveysTable>) {
  return updateById(db, 'surveys', surveyId, values);
}

export function insertSurvey(db: Db, values: Insertable<SurveysTable>): Promise<number> {
  return insertId(db, 'surveys', values);
}

export function findSurveyById(db: Db, surveyId: number) {
  return db.selectFrom('surveys').selectAll().where('id', '=', surveyId).executeTakeFirstOrThrow();
}

export function deleteSurvey(db: Db, surveyId: number) {
  return deleteById(db, 'surveys', surveyId);
}

/** Dialogs the user owns or has a members row for (accepted or pending), newest change first. */
export function listSurveysForUser(db: Db, userId: number) {
  return db
    .selectFrom('surveys')
    .leftJoin('members', (join) =>
      join.onRef('members.survey_id', '=', 'surveys.id').on('members.user_id', '=', userId),
    )
    .select([
      'surveys.id',
      'surveys.survey_id',
      'surveys.survey_name',
      'surveys.owner_id',
      'surveys.active',
      'surveys.bearbeiten',
      'surveys.intrance',
      'surveys.testen',
      'surveys.live_switch',
      'surveys.analyse',
      'surveys.created_at',
      'surveys.updated_at',
      'members.role as member_role',
      'members.invite_accepted',
    ])
    .where((eb) => eb.or([eb('surveys.owner_id', '=', userId), eb('members.user_id', '=', userId)]))
    .orderBy('surveys.updated_at', 'desc')
    .orderBy('surveys.id', 'desc')
    .execute();
}

/** Live sessions started and finished per dialog. */
export async function liveSessionCounts(db: Db, surveyIds: number[]) {
  if (surveyIds.length === 0) return new Map<number, { participants: number; finished: number }>();
  const rows = await db
    .selectFrom('chat_sessions')
    .select((eb) => [
      'survey_id',
      eb.fn.countAll<number>().as('participants'),
      eb.fn.count<number>('finished_at').as('finished'),
    ])
    .where('mode', '=', 'live')
    .where('survey_id', 'in', surveyIds)
    .groupBy('survey_id')
    .execute();
  return new Map(
    rows.map((r) => [r.survey_id, { participants: Number(r.participants), finished: Number(r.finished) }]),
  );
}

/** The blocks of a dialog, to select from. */
function blocksOf(db: Db, surveyId: number) {
  return db.selectFrom('blocks').where('survey_id', '=', surveyId);
}

export function listBlocks(db: Db, surveyId: number): Promise<BlockRow[]> {
  return blocksOf(db, surveyId).selectAll().orderBy('ord').execute();
}

export function findBlock(db: Db, surveyId: number, uniqueQuestionId: string): Promise<BlockRow | undefined> {
  return blocksOf(db, surveyId)
    .selectAll()
    .where('unique_question_id', '=', uniqueQuestionId)
    .executeTakeFirst();
}

export function blockAtOrder(db: Db, surveyId: number, ord: number): Promise<BlockRow | undefined> {
  return blocksOf(db, surveyId).selectAll().where('ord', '=', ord).executeTakeFirst();
}

export async function countBlocks(db: Db, surveyId: number): Promise<number> {
  const row = await blocksOf(db, surveyId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a block id is in use in any dialog (ids are unique across dialogs). */
export function blockIdTaken(db: Db, uniqueQuestionId: string): Promise<boolean> {
  return exists(db.selectFrom('blocks').select('id').where('unique_question_id', '=', uniqueQuestionId));
}

/** Which of the given ids are blocks of this dialog. */
export async function existingBlockIds(db: Db, surveyId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await blocksOf(db, surveyId)
    .select('unique_question_id')
    .where('unique_question_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.unique_question_id));
}

/** Moves every block at or after `fromOrd` by delta (opening or closing a gap in the order). */
export function shiftOrders(db: Db, surveyId: number, fromOrd: number, delta: 1 | -1) {
  return db
    .updateTable('blocks')
    .set((eb) => ({ ord: eb('ord', '+', delta) }))
    .where('survey_id', '=', surveyId)
    .where('ord', '>=', fromOrd)
    .execute();
}

export async function insertBlock(db: Db, values: Insertable<BlocksTable>): Promise<BlockRow> {
  return db.insertInto('blocks').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateBlock(db: Db, rowId: number, values: Updateable<BlocksTable>): Promise<BlockRow> {
  return db
    .updateTable('blocks')
    .set(values)
    .where('id', '=', rowId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteBlock(db: Db, rowId: number) {
  return deleteById(db, 'blocks', rowId);
}

/**
 * Blocks whose JSON data mentions a text (a block id in their jumps, a start_page flag). A cheap
 * prefilter: callers parse and check each row.
 */
export function blocksMentioning(db: Db, surveyId: number, needle: string): Promise<BlockRow[]> {
  return blocksOf(db, surveyId).selectAll().where('data', 'like', `%${needle}%`).execute();
}

export function gptExitConditions(db: Db, surveyId: number) {
  return db
    .selectFrom('gpt_exit_conditions')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
}

/** The dialogs of the dialog manager this dialog belongs to, in their order. */
export function connectedSurveys(db: Db, surveyId: number) {
  return db
    .selectFrom('manager_surveys as mine')
    .innerJoin('manager_surveys as peers', 'peers.dialog_manager_id', 'mine.dialog_manager_id')
    .innerJoin('surveys', 'surveys.id', 'peers.survey_id')
    .select(['surveys.survey_id', 'surveys.survey_name', 'peers.ord as order'])
    .where('mine.survey_id', '=', surveyId)
    .orderBy('peers.ord')
    .execute();
}

/** Blocks of the dialog that mention a media file in a text, their data or filename_db. */
export function blocksUsingMedia(db: Db, surveyId: number, filename: string) {
  const pattern = `%${filename}%`;
  return blocksOf(db, surveyId)
    .select(['ord'])
    .where((eb) =>
      eb.or([
        eb('filename_db', '=', filename),
        eb('context', 'like', pattern),
        eb('nachfrage', 'like', pattern),
        eb('acknowledgement', 'like', pattern),
        eb('data', 'like', pattern),
      ]),
    )
    .orderBy('ord')
    .execute();
}
