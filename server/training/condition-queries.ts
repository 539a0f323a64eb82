import type { Insertable, Kysely } from 'kysely';
import { dialogRows } from '../db/queries.ts';
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

/** A dialog's exit conditions by id: find, update, remove. */
export const conditionRows = dialogRows('gpt_exit_conditions');
