import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the stored answers that follow a block's changes. `db` may be a transaction. */
type Db = Kysely<Database>;

/**
 * Chats (sessions) with at least one stored answer row to a block, per mode: what Analyse and the
 * export stop showing when the block is deleted. The block id leads the answers indexes.
 */
export async function answerSessionCounts(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<{ live: number; test: number }> {
  const rows = await db
    .selectFrom('answers')
    .select((eb) => ['mode', eb.fn.count<number>('session_id').distinct().as('n')])
    .where('unique_question_id', '=', uniqueQuestionId)
    .where('survey_id', '=', surveyId)
    .groupBy('mode')
    .execute();
  const counts = { live: 0, test: 0 };
  for (const r of rows) if (r.mode === 'live' || r.mode === 'test') counts[r.mode] = Number(r.n);
  return counts;
}

/** Renames a stored answer of a block: its value (choice, Likert) or its branch (free text). */
export function renameAnswers(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  column: 'value' | 'branch',
  from: string,
  to: string,
) {
  return db
    .updateTable('answers')
    .set({ [column]: to })
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .where('kind', '=', 'answer')
    .where(column, '=', from)
    .execute();
}

/** Sets every answer's value_num from its label by `scores`; a label not listed gets null. */
export function rescoreAnswers(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  scores: readonly (readonly [label: string, score: number | null])[],
) {
  // The values are small whole numbers of our own, written as literals: a parameter in a CASE has no
  // type on PostgreSQL and would be taken for text.
  const cases = scores.map(([label, score]) => sql`when value = ${label} then ${sql.lit(score)}`);
  return db
    .updateTable('answers')
    .set({ value_num: sql<number | null>`case ${sql.join(cases, sql` `)} else null end` })
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .where('kind', '=', 'answer')
    .execute();
}
