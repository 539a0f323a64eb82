import { type BlockContent, hasOptions, LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { renameBranches, renamedBranches } from '../training/rename-branches.ts';

/**
 * Renaming an option (a typo fixed, a label reworded) after respondents answered must not split the
 * block's results in Analyse into the new, empty option and a ghost row under the old text. The stored
 * answers follow the option: choice and Likert answers store the option text as their value, free-text
 * answers store the branch they were routed to. Free text also renames the branch's training
 * (renameBranches). Respondents' chat transcripts stay as they are: they are what was said at the time.
 */

type Db = AppContext['db'];

/**
 * Applies the renames of one block's options change (see renamedBranches: adding, removing or
 * reordering options renames nothing). `db` is the block update's transaction.
 */
export async function renameOptions(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  before: BlockContent,
  after: BlockContent,
  now: number,
): Promise<void> {
  if (before.type !== after.type || !hasOptions(before.type)) return;
  let renames = renamedBranches(before.options, after.options);
  // A Likert scale's 'keine Angabe' answer stores that text too: a rename from or to it is ambiguous.
  if (before.type === 'likert') renames = renames.filter((pair) => !pair.includes(LIKERT_NA_LABEL));
  if (renames.length === 0) return;
  const column = before.type === 'open_text' ? 'branch' : 'value';
  // No rename's new label was an old one (renamedBranches), so one rename never catches another's rows.
  for (const [old, next] of renames) {
    await db
      .updateTable('answers')
      .set({ [column]: next })
      .where('survey_id', '=', surveyId)
      .where('unique_question_id', '=', uniqueQuestionId)
      .where('kind', '=', 'answer')
      .where(column, '=', old)
      .execute();
  }
  if (before.type === 'open_text') await renameBranches(db, surveyId, uniqueQuestionId, renames, now);
}
