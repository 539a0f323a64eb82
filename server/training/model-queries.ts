import type { Insertable, Kysely, Updateable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import { insertId, updateById } from '../db/queries.ts';
import type { Database, TrainingModelsTable } from '../db/schema.ts';

/**
 * SQL of a block's trained models (one row per version) and its confidence threshold. `db` may be a
 * transaction.
 */
type Db = Kysely<Database>;

/** The model rows of a block, newest version first. */
function modelsOfBlock(db: Db, surveyId: number, uniqueQuestionId: string) {
  return db
    .selectFrom('training_models')
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .orderBy('version', 'desc');
}

export function latestModelRow(db: Db, surveyId: number, uniqueQuestionId: string) {
  return modelsOfBlock(db, surveyId, uniqueQuestionId)
    .select(['id', 'version', 'status', 'created_at', 'progress', 'heartbeat_at'])
    .executeTakeFirst();
}

/** The newest model row with its model and metrics, whatever its status. */
export function latestModel(db: Db, surveyId: number, uniqueQuestionId: string) {
  return modelsOfBlock(db, surveyId, uniqueQuestionId)
    .select(['version', 'status', 'model', 'metrics'])
    .executeTakeFirst();
}

/** The newest finished model. */
export function latestDoneModel(db: Db, surveyId: number, uniqueQuestionId: string) {
  return modelsOfBlock(db, surveyId, uniqueQuestionId)
    .select(['version', 'model', 'metrics'])
    .where('status', '=', 'done')
    .executeTakeFirst();
}

/** The version of the newest finished model and the block's stored threshold, in one query. */
// Prepared: every chat turn on a free-text block with branches asks (server/db/prepared.ts).
const currentModelQuery = prepared(2, (db, surveyId: number, uniqueQuestionId: string) =>
  db
    .selectFrom('training_models as m')
    .leftJoin('training_thresholds as t', (j) =>
      j.onRef('t.survey_id', '=', 'm.survey_id').onRef('t.unique_question_id', '=', 'm.unique_question_id'),
    )
    .select(['m.version', 't.threshold'])
    .where('m.survey_id', '=', surveyId)
    .where('m.unique_question_id', '=', uniqueQuestionId)
    .where('m.status', '=', 'done')
    .orderBy('m.version', 'desc')
    .limit(1),
);

export async function currentModelVersion(db: Db, surveyId: number, uniqueQuestionId: string) {
  return (await currentModelQuery(db, surveyId, uniqueQuestionId)).rows[0];
}

export async function modelOfVersion(db: Db, surveyId: number, uniqueQuestionId: string, version: number) {
  const row = await modelsOfBlock(db, surveyId, uniqueQuestionId)
    .select('model')
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return row.model;
}

export async function modelMetrics(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom('training_models')
    .select('metrics')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.metrics;
}

export function insertModel(db: Db, values: Insertable<TrainingModelsTable>): Promise<number> {
  return insertId(db, 'training_models', values);
}

export function updateModel(db: Db, id: number, values: Updateable<TrainingModelsTable>) {
  return updateById(db, 'training_models', id, values);
}

export async function storedThreshold(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('training_thresholds')
    .select('threshold')
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.threshold);
}

export function saveThreshold(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  threshold: number,
  now: number,
) {
  return db
    .insertInto('training_thresholds')
    .values({ survey_id: surveyId, unique_question_id: uniqueQuestionId, threshold, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['survey_id', 'unique_question_id']).doUpdateSet({ threshold, updated_at: now }),
    )
    .execute();
}
