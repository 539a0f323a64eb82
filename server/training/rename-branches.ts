import type { TrainingMetrics } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import type { NluModel } from './classifier.ts';
import { listExamples, renameBranchRows } from './example-queries.ts';
import { examplesHash } from './examples.ts';
import { insertModel, latestModel } from './model-queries.ts';

/**
 * A free-text block's branches are its option labels, and its examples, inbox suggestions and trained
 * model name them. Renaming an option (a typo fixed, a label reworded) renames the branch everywhere,
 * inside the block update's transaction (the dialogs' branchesRenamed hook, wired in app.ts), so its
 * examples stay on the training screen and the trained model keeps routing to it instead of sending its
 * answers to 'keiner davon'.
 */

type Db = AppContext['db'];

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
  const examples = await listExamples(db, surveyId, uniqueQuestionId);
  for (const [old, next] of renames) await renameBranchRows(db, surveyId, uniqueQuestionId, old, next);
  const latest = await latestModel(db, surveyId, uniqueQuestionId);
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
  await insertModel(db, {
    survey_id: surveyId,
    unique_question_id: uniqueQuestionId,
    version: latest.version + 1,
    status: 'done',
    model: JSON.stringify(renamed),
    metrics: renameMetrics(latest.metrics, names, [examplesHash(before), examplesHash(after)]),
    created_at: now,
  });
}
