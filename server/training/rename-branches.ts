import type { TrainingMetrics } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import type { NluModel } from './classifier.ts';
import { examplesHash } from './examples.ts';

/**
 * A free-text block's branches are its option labels, and its examples, inbox suggestions and trained
 * model name them. Renaming an option (a typo fixed, a label reworded) renames the branch everywhere,
 * inside the block update's transaction, so its examples stay on the training screen and the trained
 * model keeps routing to it instead of sending its answers to 'keiner davon'.
 */

type Db = AppContext['db'];

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

function renameIn<T>(value: T, names: ReadonlyMap<string, string>): T {
  return (typeof value === 'string' ? (names.get(value) ?? value) : value) as T;
}

/** The stored metrics JSON with its branch names renamed; text that does not parse stays as it is. */
function renameMetrics(text: string, names: ReadonlyMap<string, string>, hashes: [string, string]): string {
  let stored: { examples_hash?: string; metrics?: TrainingMetrics };
  try {
    stored = JSON.parse(text) as typeof stored;
  } catch {
    return text;
  }
  // The model stays current only if it was trained on exactly the examples that were renamed.
  if (stored.examples_hash === hashes[0]) stored.examples_hash = hashes[1];
  const m = stored.metrics;
  if (m) {
    m.per_branch = m.per_branch.map((b) => ({ ...b, branch: renameIn(b.branch, names) }));
    m.confusion = { ...m.confusion, labels: m.confusion.labels.map((l) => renameIn(l, names)) };
    m.misrouted = m.misrouted.map((r) => ({
      ...r,
      expected: renameIn(r.expected, names),
      predicted: renameIn(r.predicted, names),
    }));
  }
  return JSON.stringify(stored);
}

/**
 * Renames the branches of one block. The latest trained model is stored again as the next version with
 * the new labels (models are cached per version, and the rows stay an honest history); while a training
 * runs, its result will name the old branches and the author trains again.
 */
export async function renameBranches(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  renames: readonly [string, string][],
  now: number,
): Promise<void> {
  if (renames.length === 0) return;
  const names = new Map(renames);
  const examples = await db
    .selectFrom('training_examples')
    .select(['branch', 'text'])
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .execute();
  for (const [old, next] of renames) {
    for (const table of ['training_examples', 'training_inbox'] as const) {
      await db
        .updateTable(table)
        .set({ branch: next })
        .where('survey_id', '=', surveyId)
        .where('unique_question_id', '=', uniqueQuestionId)
        .where('branch', '=', old)
        .execute();
    }
  }
  const latest = await db
    .selectFrom('training_models')
    .select(['version', 'status', 'model', 'metrics'])
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (latest?.status !== 'done') return;
  const model = JSON.parse(latest.model) as NluModel;
  if (!model.labels.some((l) => names.has(l))) return;
  const renamed: NluModel = { ...model, labels: model.labels.map((l) => renameIn(l, names)) };
  // The hash covers the examples a model trains on; examples of branches that are gone never count.
  const trainedOn = new Set(model.labels);
  const before = examples
    .filter((e) => trainedOn.has(e.branch))
    .map((e) => ({ label: e.branch, text: e.text }));
  const after = before.map((e) => ({ label: renameIn(e.label, names), text: e.text }));
  await db
    .insertInto('training_models')
    .values({
      survey_id: surveyId,
      unique_question_id: uniqueQuestionId,
      version: latest.version + 1,
      status: 'done',
      model: JSON.stringify(renamed),
      metrics: renameMetrics(latest.metrics, names, [examplesHash(before), examplesHash(after)]),
      created_at: now,
    })
    .execute();
}
