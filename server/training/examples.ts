import { createHash } from 'node:crypto';
import {
  type AddExampleRequest,
  DUPLICATE_EXAMPLE_MSG,
  type ExamplesResponse,
  GOOD_EXAMPLES,
  MIN_EXAMPLES,
  NONE_BRANCH,
  NONE_LABEL,
  type UpdateExampleRequest,
} from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { conflict, orNotFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { branchOf, type OpenTextContent, trainableBlock } from './branches.ts';
import type { Example } from './classifier.ts';
import { duplicates, sameTextKey } from './duplicates.ts';
import { EXAMPLE_NOT_FOUND } from './errors.ts';
import * as queries from './example-queries.ts';

/** The examples of a free-text block's branches (training_examples) that its model trains on. */

type Db = AppContext['db'];

/** The examples a model of the block trains on: those of its current branches and of none. */
export async function trainingSet(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  block: OpenTextContent,
) {
  const branches = new Set([...block.options, NONE_BRANCH]);
  const rows = await queries.listExamples(db, surveyId, uniqueQuestionId);
  return rows.filter((r) => branches.has(r.branch)).map((r): Example => ({ label: r.branch, text: r.text }));
}

/** Identifies a training set, so a status can tell whether the examples changed after the last model. */
export function examplesHash(examples: readonly Example[]): string {
  const lines = examples.map((e) => JSON.stringify([e.label, e.text])).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

function hint(count: number): string {
  if (count < MIN_EXAMPLES)
    return `Mindestens ${MIN_EXAMPLES} Beispiele angeben (noch ${MIN_EXAMPLES - count}).`;
  if (count < GOOD_EXAMPLES) return `Gut ab ${GOOD_EXAMPLES} Beispielen (noch ${GOOD_EXAMPLES - count}).`;
  return '';
}

/** POST /api/training/get_examples. */
export async function getExamples(
  ctx: AppContext,
  access: DialogAccess,
  uniqueQuestionId: string,
): Promise<ExamplesResponse> {
  const block = await trainableBlock(ctx.db, access.survey.id, uniqueQuestionId);
  const rows = await queries.listExamples(ctx.db, access.survey.id, uniqueQuestionId);
  const entry = (branch: string, label: string) => {
    const examples = rows.filter((r) => r.branch === branch).map((r) => ({ id: r.id, text: r.text }));
    return { branch, label, examples, count: examples.length, hint: hint(examples.length) };
  };
  const current = new Set([...block.options, NONE_BRANCH]);
  return {
    branches: block.options.map((label) => entry(label, label)),
    none: entry(NONE_BRANCH, NONE_LABEL),
    duplicates: duplicates(rows.filter((r) => current.has(r.branch))),
  };
}

/**
 * The example of `branch` that `text` repeats (sameTextKey), other than the example `exceptId`. Each
 * example counts once in training, so a branch holds a text once.
 */
export async function sameExample(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  branch: string,
  text: string,
  exceptId?: number,
) {
  const rows = await queries.listExamples(db, surveyId, uniqueQuestionId);
  const keyOf = sameTextKey([...rows.map((r) => r.text), text]);
  const key = keyOf(text);
  return rows.find((r) => r.branch === branch && r.id !== exceptId && keyOf(r.text) === key);
}

/** POST /api/training/add_example. */
export async function addExample(ctx: AppContext, access: DialogAccess, req: AddExampleRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const block = await trainableBlock(db, access.survey.id, req.unique_question_id);
    const branch = branchOf(block, req.branch);
    if (await sameExample(db, access.survey.id, req.unique_question_id, branch, req.text)) {
      throw conflict(DUPLICATE_EXAMPLE_MSG);
    }
    const id = await queries.insertExample(db, {
      survey_id: access.survey.id,
      unique_question_id: req.unique_question_id,
      branch,
      text: req.text,
      source: 'author',
      created_at: ctx.now(),
    });
    return { msg: 'success' as const, id };
  });
}

/**
 * POST /api/training/update_example: new text, or a move to another branch, or both; refused when the
 * example would repeat another one of its (new) branch.
 */
export async function updateExample(ctx: AppContext, access: DialogAccess, req: UpdateExampleRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const row = orNotFound(await queries.exampleRows.find(db, access.survey.id, req.id), EXAMPLE_NOT_FOUND);
    const changes: { text?: string; branch?: string } = {};
    if (req.text !== undefined) changes.text = req.text;
    if (req.branch !== undefined) {
      const block = await trainableBlock(db, access.survey.id, row.unique_question_id);
      changes.branch = branchOf(block, req.branch);
    }
    const branch = changes.branch ?? row.branch;
    const text = changes.text ?? row.text;
    if (await sameExample(db, access.survey.id, row.unique_question_id, branch, text, row.id)) {
      throw conflict(DUPLICATE_EXAMPLE_MSG);
    }
    await queries.exampleRows.update(db, row.id, changes);
    return { msg: 'success' as const, id: row.id };
  });
}

/** POST /api/training/delete_example. */
export async function deleteExample(ctx: AppContext, access: DialogAccess, id: number) {
  const row = orNotFound(await queries.exampleRows.find(ctx.db, access.survey.id, id), EXAMPLE_NOT_FOUND);
  await queries.exampleRows.remove(ctx.db, row.id);
  return { msg: 'success' as const };
}
