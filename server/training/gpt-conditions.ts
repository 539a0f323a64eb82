import type { ConditionResponse } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { writeDialog } from '../dialogs/dialog-write.ts';
import { badRequest, orNotFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { blockContent } from './branches.ts';
import * as queries from './condition-queries.ts';
import { CONDITION_NOT_FOUND, NOT_GPT } from './errors.ts';

/**
 * GPT exit conditions (SPEC §3, §7): a condition text per gpt block; the GPT follow-up ends once the
 * language model judges that one holds. The row's condition column is a JSON object (the configurator's
 * gpt_exit_conditions spread it), with the text under `condition`. A condition is part of the dialog's
 * content (its versions, server/versions), so each write bumps the dialog like a block's.
 */

function response(access: DialogAccess, row: { id: number; unique_question_id: string; condition: string }) {
  const stored = parseJsonObject(row.condition).condition;
  return {
    id: row.id,
    survey_id: access.survey.survey_id,
    unique_question_id: row.unique_question_id,
    condition: typeof stored === 'string' ? stored : '',
  } satisfies ConditionResponse;
}

/** POST /api/surveys/{id}/gpt_exit_conditions. */
export async function createCondition(
  ctx: AppContext,
  access: DialogAccess,
  req: { unique_question_id: string; condition: string },
) {
  const block = await blockContent(ctx.db, access.survey.id, req.unique_question_id);
  if (block.type !== 'gpt') throw badRequest(NOT_GPT);
  const row = await writeDialog(ctx, access.survey.id, (w) =>
    queries.insertCondition(w.db, {
      survey_id: access.survey.id,
      unique_question_id: req.unique_question_id,
      condition: JSON.stringify({ condition: req.condition }),
      created_at: w.now,
      updated_at: w.now,
    }),
  );
  return response(access, row);
}

/** PUT /api/surveys/{id}/gpt_exit_conditions/{conditionId}: other stored fields stay. */
export async function updateCondition(ctx: AppContext, access: DialogAccess, id: number, condition: string) {
  const row = orNotFound(await queries.conditionRows.find(ctx.db, access.survey.id, id), CONDITION_NOT_FOUND);
  const stored = JSON.stringify({ ...parseJsonObject(row.condition), condition });
  await writeDialog(ctx, access.survey.id, (w) =>
    queries.conditionRows.update(w.db, row.id, { condition: stored, updated_at: w.now }),
  );
  return response(access, { ...row, condition: stored });
}

/** DELETE /api/surveys/{id}/gpt_exit_conditions/{conditionId}. */
export async function deleteCondition(ctx: AppContext, access: DialogAccess, id: number) {
  const row = orNotFound(await queries.conditionRows.find(ctx.db, access.survey.id, id), CONDITION_NOT_FOUND);
  await writeDialog(ctx, access.survey.id, (w) => queries.conditionRows.remove(w.db, row.id));
  return { msg: 'success' as const };
}
