import { type BlockContent, likertScore } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { rescoreAnswers } from './answer-queries.ts';

/**
 * A Likert answer stores its value (answers.value_num) beside its label, so that Analyse sums values in
 * the database. When the scale's scoring changes after respondents answered (inverse switched, points
 * reordered, added or removed), the stored values follow the block as it is now: otherwise the mean, the
 * standard deviation and the export's '(Wert)' column kept the old scoring beside options listed with the
 * new one, and later answers mixed both in one column. A label no longer on the scale has no value.
 */

type Db = AppContext['db'];

/** Rescores the block's answers when its scoring changed; `db` is the block update's transaction. */
export async function rescoreLikert(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  before: BlockContent,
  after: BlockContent,
): Promise<void> {
  if (after.type !== 'likert') return;
  const unchanged =
    before.type === 'likert' &&
    before.inverse === after.inverse &&
    before.options.length === after.options.length &&
    before.options.every((label, i) => label === after.options[i]);
  if (unchanged) return;
  const scores = after.options.map(
    (label) => [label, likertScore(after.options, after.inverse, label)] as const,
  );
  await rescoreAnswers(db, surveyId, uniqueQuestionId, scores);
}
