import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, GptExitConditionsTable } from '../db/schema.ts';

/** SQL of the GPT exit conditions. `db` may be a transaction. */
type Db = Kysely<Database>;

export function insertCondition(db: Db, values: Insertable<GptExitConditionsTable>) {
  return db
    .insertInto('gpt_exit_conditions')
    .values(values)
    .returning(['id', 'unique_question_id', 'condition'])
    .executeTakeFirstOrThrow();
}

export function findCondition(db: Db, surveyId: number, id: number) {
  return db
    .selectFrom('gpt_exit_conditions')
    .select(['id', 'unique_question_id', 'condition'])
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
}

export function updateCondition(db: Db, id: number, values: Updateable<GptExitConditionsTable>) {
  return db.updateTable('gpt_exit_conditions').set(values).where('id', '=', id).execute();
}

export function deleteCondition(db: Db, id: number) {
  return db.deleteFrom('gpt_exit_conditions').where('id', '=', id).execute();
}
