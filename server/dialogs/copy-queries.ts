import type { Insertable, Kysely } from 'kysely';
import type { BlocksTable, Database, GptExitConditionsTable, TrainingExamplesTable } from '../db/schema.ts';

/**
 * SQL of copying a dialog (duplicate_survey): its blocks, GPT exit conditions and training examples go
 * with it. `db` may be a transaction.
 */
type Db = Kysely<Database>;

const INSERT_CHUNK = 200;

export function listTrainingExamples(db: Db, surveyId: number) {
  return db.selectFrom('training_examples').selectAll().where('survey_id', '=', surveyId).execute();
}

/** Inserts many blocks, a chunk per statement (a statement's parameters are limited). */
export async function insertBlocks(db: Db, rows: readonly Insertable<BlocksTable>[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('blocks')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export function insertGptExitCondition(db: Db, values: Insertable<GptExitConditionsTable>) {
  return db.insertInto('gpt_exit_conditions').values(values).execute();
}

export function insertTrainingExample(db: Db, values: Insertable<TrainingExamplesTable>) {
  return db.insertInto('training_examples').values(values).execute();
}
