import type { ConditionResponse } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../dialogs/rows.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { blockContent } from './examples.ts';

/**
 * GPT exit conditions (SPEC §3, §7): a condition text per gpt block; the GPT follow-up ends once the
 * language model judges that one holds. The row's condition column is a JSON object (the configurator's
 * gpt_exit_conditions spread it), with the text under `condition`.
 */

export const CONDITION_NOT_FOUND = 'Exit-Bedingung nicht gefunden.';
const NOT_GPT = 'Exit-Bedingungen gibt es nur für GPT-Blöcke.';

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
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('gpt_exit_conditions')
    .values({
      survey_id: access.survey.id,
      unique_question_id: req.unique_question_id,
      condition: JSON.stringify({ condition: req.condition }),
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'unique_question_id', 'condition'])
    .executeTakeFirstOrThrow();
  return response(access, row);
}

async function conditionRow(ctx: AppContext, access: DialogAccess, id: number) {
  const row = await ctx.db
    .selectFrom('gpt_exit_conditions')
    .select(['id', 'unique_question_id', 'condition'])
    .where('id', '=', id)
    .where('survey_id', '=', access.survey.id)
    .executeTakeFirst();
  if (!row) throw notFound(CONDITION_NOT_FOUND);
  return row;
}

/** PUT /api/surveys/{id}/gpt_exit_conditions/{conditionId}: other stored fields stay. */
export async function updateCondition(ctx: AppContext, access: DialogAccess, id: number, condition: string) {
  const row = await conditionRow(ctx, access, id);
  const stored = JSON.stringify({ ...parseJsonObject(row.condition), condition });
  await ctx.db
    .updateTable('gpt_exit_conditions')
    .set({ condition: stored, updated_at: ctx.now() })
    .where('id', '=', row.id)
    .execute();
  return response(access, { ...row, condition: stored });
}

/** DELETE /api/surveys/{id}/gpt_exit_conditions/{conditionId}. */
export async function deleteCondition(ctx: AppContext, access: DialogAccess, id: number) {
  const row = await conditionRow(ctx, access, id);
  await ctx.db.deleteFrom('gpt_exit_conditions').where('id', '=', row.id).execute();
  return { msg: 'success' as const };
}
