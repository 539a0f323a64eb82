import type { BlockContent } from '../../contract/blocks.ts';
import { NONE_BRANCH, NONE_LABEL } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/errors.ts';
import { findBlock } from '../dialogs/queries.ts';
import { contentFromRow } from '../dialogs/rows.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { NOT_TRAINABLE } from './errors.ts';

/**
 * The blocks training works on and their branches. A branch is an option label of a free-text block or
 * NONE_BRANCH ('keiner davon').
 */

type Db = AppContext['db'];
export type OpenTextContent = Extract<BlockContent, { type: 'open_text' }>;

export async function blockContent(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<BlockContent> {
  const row = await findBlock(db, surveyId, uniqueQuestionId);
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  return contentFromRow(row);
}

/** A free-text block with at least one branch: the blocks whose answers a model routes. */
export async function trainableBlock(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<OpenTextContent> {
  const block = await blockContent(db, surveyId, uniqueQuestionId);
  if (block.type !== 'open_text' || block.options.length === 0) throw badRequest(NOT_TRAINABLE);
  return block;
}

/**
 * The stored name of a branch: the option label as written, or NONE_BRANCH (also for 'keiner davon').
 * `field` names the request field in the message of a refusal.
 */
export function branchOf(block: OpenTextContent, branch: string, field = 'branch'): string {
  const key = branch.trim();
  if (block.options.includes(key)) return key;
  const lower = key.toLowerCase();
  if (lower === NONE_BRANCH || lower === NONE_LABEL) return NONE_BRANCH;
  throw badRequest(`${field}: „${key}“ ist kein Zweig dieses Blocks`);
}

/** GET /api/surveys/{id}/trainingdata_jumps/{question_id}: one entry per branch plus the none branch. */
export async function trainingJumps(ctx: AppContext, access: DialogAccess, uniqueQuestionId: string) {
  const block = await blockContent(ctx.db, access.survey.id, uniqueQuestionId);
  return [
    ...block.options.map((label, i) => ({
      branch: label,
      label,
      target: block.jump_to_ids[i] ?? null,
      reaction: block.jump_to_reactions[i] ?? '',
    })),
    { branch: NONE_BRANCH, label: NONE_LABEL, target: block.jump_to_question, reaction: '' },
  ];
}
