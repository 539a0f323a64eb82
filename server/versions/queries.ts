import type { Insertable, Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database, DialogVersionsTable } from '../db/schema.ts';

/** SQL of a dialog's versions (dialog_versions) and the sessions that run on them. `db` may be a transaction. */
type Db = Kysely<Database>;

const VERSION_COLUMNS = [
  'id',
  'survey_id',
  'number',
  'hash',
  'created_at',
  'created_by',
  'note',
  'published_at',
  'published_by',
] as const;

export function versionById(db: Db, id: number) {
  return db
    .selectFrom('dialog_versions')
    .select(['id', 'survey_id', 'number', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function versionByNumber(db: Db, surveyId: number, number: number) {
  return db
    .selectFrom('dialog_versions')
    .select([...VERSION_COLUMNS, 'content'])
    .where('survey_id', '=', surveyId)
    .where('number', '=', number)
    .executeTakeFirst();
}

export function versionByHash(db: Db, surveyId: number, hash: string) {
  return db
    .selectFrom('dialog_versions')
    .select(VERSION_COLUMNS)
    .where('survey_id', '=', surveyId)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

export async function highestNumber(db: Db, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('dialog_versions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Inserts a version unless its hash or number is taken (another transaction made it first); the caller
 * then looks it up by hash, or tries the next number.
 */
export async function insertVersionIfNew(db: Db, values: Insertable<DialogVersionsTable>) {
  await db
    .insertInto('dialog_versions')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every version of a dialog, newest first, with the name of its author. */
export function listVersionRows(db: Db, surveyId: number) {
  return db
    .selectFrom('dialog_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select([
      'v.id',
      'v.number',
      'v.created_at',
      'v.note',
      'v.published_at',
      'v.hash',
      'u.first_name',
      'u.last_name',
      'u.username',
    ])
    .where('v.survey_id', '=', surveyId)
    .orderBy('v.number', 'desc')
    .execute();
}

/** Chats per version and mode. */
export function chatCounts(db: Db, surveyId: number) {
  return db
    .selectFrom('chat_sessions')
    .select(['version_id', 'mode', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('survey_id', '=', surveyId)
    .groupBy(['version_id', 'mode'])
    .execute();
}

export async function runningLiveChats(db: Db, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('survey_id', '=', surveyId)
    .where('mode', '=', 'live')
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function markPublished(db: Db, id: number, values: { at: number; by: number; note: string | null }) {
  return db
    .updateTable('dialog_versions')
    .set({ published_at: values.at, published_by: values.by, note: values.note })
    .where('id', '=', id)
    .execute();
}

/** Read by every chat that starts (versions/cache.ts): built and compiled once (db/prepared.ts). */
const modelPinQuery = prepared(1, (db, surveyId: number) =>
  db
    .selectFrom('training_models as m')
    .leftJoin('training_thresholds as t', (j) =>
      j.onRef('t.survey_id', '=', 'm.survey_id').onRef('t.unique_question_id', '=', 'm.unique_question_id'),
    )
    .select(['m.unique_question_id', 't.threshold', (eb) => eb.fn.max('m.version').as('version')])
    .where('m.survey_id', '=', surveyId)
    .where('m.status', '=', 'done')
    .groupBy(['m.unique_question_id', 't.threshold'])
    .orderBy('m.unique_question_id'),
);

/** The newest finished model of each free-text block with the block's threshold: what a version pins. */
export async function modelPinRows(db: Db, surveyId: number) {
  return (await modelPinQuery(db, surveyId)).rows;
}

export function exitConditionRows(db: Db, surveyId: number) {
  return db
    .selectFrom('gpt_exit_conditions')
    .select(['unique_question_id', 'condition'])
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
}

/** Dialogs without any version yet (made before versions existed, migration 0022). */
export function dialogsWithoutVersions(db: Db) {
  return db
    .selectFrom('surveys')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('dialog_versions as v').select('v.id').whereRef('v.survey_id', '=', 'surveys.id')),
      ),
    )
    .execute();
}

export function attachUnversionedSessions(db: Db, surveyId: number, versionId: number) {
  return db
    .updateTable('chat_sessions')
    .set({ version_id: versionId })
    .where('survey_id', '=', surveyId)
    .where('version_id', 'is', null)
    .execute();
}

/** The version numbers a dialog's sessions ran on, by version id (Analyse). */
export function versionNumbers(db: Db, surveyIds: readonly number[]) {
  if (surveyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dialog_versions')
    .select(['id', 'survey_id', 'number'])
    .where('survey_id', 'in', surveyIds)
    .execute();
}

/** Replaces a dialog's GPT exit conditions with a version's (a restore). */
export async function replaceExitConditions(
  db: Db,
  surveyId: number,
  conditions: Record<string, string[]>,
  now: number,
) {
  await db.deleteFrom('gpt_exit_conditions').where('survey_id', '=', surveyId).execute();
  const rows = Object.entries(conditions).flatMap(([id, list]) =>
    list.map((condition) => ({
      survey_id: surveyId,
      unique_question_id: id,
      condition,
      created_at: now,
      updated_at: now,
    })),
  );
  if (rows.length > 0) await db.insertInto('gpt_exit_conditions').values(rows).execute();
}
