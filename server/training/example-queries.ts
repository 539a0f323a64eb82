import { type Insertable, type Kysely, PostgresAdapter, type Updateable } from 'kysely';
import { dialogRows, insertId } from '../db/queries.ts';
import type { Database, TrainingExamplesTable, TrainingInboxTable } from '../db/schema.ts';

/** SQL of a block's training examples and its inbox of answers to learn from. `db` may be a transaction. */
type Db = Kysely<Database>;

export function listExamples(db: Db, surveyId: number, uniqueQuestionId: string) {
  return db
    .selectFrom('training_examples')
    .select(['id', 'branch', 'text'])
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .orderBy('id')
    .execute();
}

export function insertExample(db: Db, values: Insertable<TrainingExamplesTable>): Promise<number> {
  return insertId(db, 'training_examples', values);
}

/** A dialog's examples by id: find, update, remove. */
export const exampleRows = dialogRows('training_examples');

/** A dialog's inbox entries by id. */
const inboxRows = dialogRows('training_inbox');

/** Renames a branch in the block's examples and inbox entries. */
export async function renameBranchRows(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  from: string,
  to: string,
) {
  for (const table of ['training_examples', 'training_inbox'] as const) {
    await db
      .updateTable(table)
      .set({ branch: to })
      .where('survey_id', '=', surveyId)
      .where('unique_question_id', '=', uniqueQuestionId)
      .where('branch', '=', from)
      .execute();
  }
}

/** A dialog's unresolved inbox entries, to select from. */
function openInbox(db: Db, surveyId: number) {
  return db.selectFrom('training_inbox').where('survey_id', '=', surveyId).where('resolved_at', 'is', null);
}

/** The unresolved inbox entries of a dialog (or one block), newest first; at most 500. */
export function listOpenInbox(db: Db, surveyId: number, uniqueQuestionId: string | undefined) {
  return openInbox(db, surveyId)
    .select(['id', 'unique_question_id', 'text', 'branch', 'confidence', 'flagged', 'created_at'])
    .$if(uniqueQuestionId !== undefined, (qb) => qb.where('unique_question_id', '=', uniqueQuestionId!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export async function findOpenInboxItem(db: Db, surveyId: number, id: number) {
  const row = await inboxRows.find(db, surveyId, id);
  return row?.resolved_at === null ? row : undefined;
}

/** The texts of a block's unresolved inbox entries. */
export function openInboxTexts(db: Db, surveyId: number, uniqueQuestionId: string) {
  return openInbox(db, surveyId)
    .select(['id', 'text'])
    .where('unique_question_id', '=', uniqueQuestionId)
    .execute();
}

/** Resolves the dialog's open entries with these ids, and those of the answer when one is given. */
export function resolveInbox(
  db: Db,
  surveyId: number,
  ids: readonly number[],
  answerId: number | null,
  now: number,
) {
  return db
    .updateTable('training_inbox')
    .set({ resolved_at: now })
    .where('survey_id', '=', surveyId)
    .where('resolved_at', 'is', null)
    .where((w) =>
      w.or([w('id', 'in', [...ids]), ...(answerId === null ? [] : [w('answer_id', '=', answerId)])]),
    )
    .execute();
}

/**
 * Locks the answer's row on PostgreSQL until the transaction ends (SQLite runs one write transaction at
 * a time anyway).
 */
export async function lockAnswer(db: Db, answerId: number) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.selectFrom('answers').select('id').where('id', '=', answerId).forUpdate().execute();
  }
}

/** The unresolved inbox entries of one answer, oldest first. */
export function openEntriesOfAnswer(db: Db, surveyId: number, answerId: number) {
  return openInbox(db, surveyId)
    .select(['id', 'branch', 'flagged'])
    .where('answer_id', '=', answerId)
    .orderBy('id')
    .execute();
}

export function updateInboxEntry(db: Db, id: number, values: Updateable<TrainingInboxTable>) {
  return inboxRows.update(db, id, values);
}

export function resolveInboxEntries(db: Db, ids: readonly number[], now: number) {
  return db
    .updateTable('training_inbox')
    .set({ resolved_at: now })
    .where('id', 'in', [...ids])
    .execute();
}

export function insertInboxEntry(db: Db, values: Insertable<TrainingInboxTable>): Promise<number> {
  return insertId(db, 'training_inbox', values);
}

/**
 * The answer a session stored for a block at a time (the newest then): the one a turn just stored, or the
 * one of a respondent's entry (same block and time).
 */
export function answerAt(db: Db, sessionId: number, uniqueQuestionId: string, createdOn: number) {
  return db
    .selectFrom('answers')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .where('kind', '=', 'answer')
    .where('created_on', '=', createdOn)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
