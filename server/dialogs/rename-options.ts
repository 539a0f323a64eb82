import { type BlockContent, hasOptions, LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { renameAnswers } from './answer-queries.ts';
import type { Write } from './dialog-write.ts';

/**
 * Renaming an option (a typo fixed, a label reworded) after respondents answered must not split the
 * block's results in Analyse into the new, empty option and a ghost row under the old text. The stored
 * answers follow the option: choice and Likert answers store the option text as their value, free-text
 * answers store the branch they were routed to. Free text also renames the branch's training (the
 * branchesRenamed hook). Respondents' chat transcripts stay as they are: they are what was said at the
 * time.
 */

/**
 * The renames of an options change: same number of options, and at a position an old label that is
 * gone replaced by a label that is new. Adding, removing or reordering options renames nothing.
 */
export function renamedBranches(before: readonly string[], after: readonly string[]): [string, string][] {
  if (before.length !== after.length) return [];
  const renames: [string, string][] = [];
  before.forEach((old, i) => {
    const next = after[i]!;
    if (old !== next && !after.includes(old) && !before.includes(next)) renames.push([old, next]);
  });
  return renames;
}

/** Applies the renames of one block's options change, inside the block update's transaction. */
export async function renameOptions(
  w: Write,
  uniqueQuestionId: string,
  before: BlockContent,
  after: BlockContent,
): Promise<void> {
  if (before.type !== after.type || !hasOptions(before.type)) return;
  let renames = renamedBranches(before.options, after.options);
  // A Likert scale's 'keine Angabe' answer stores that text too: a rename from or to it is ambiguous.
  if (before.type === 'likert') renames = renames.filter((pair) => !pair.includes(LIKERT_NA_LABEL));
  if (renames.length === 0) return;
  const column = before.type === 'open_text' ? 'branch' : 'value';
  // No rename's new label was an old one (renamedBranches), so one rename never catches another's rows.
  for (const [old, next] of renames) {
    await renameAnswers(w.db, w.survey.id, uniqueQuestionId, column, old, next);
  }
  if (before.type === 'open_text') {
    await w.hooks.branchesRenamed(w.db, w.survey.id, uniqueQuestionId, renames, w.now);
  }
}
