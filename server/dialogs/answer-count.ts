import type { AnswerCount } from '../../contract/block-updates.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { answerSessionCounts } from './answer-queries.ts';
import { BLOCK_NOT_FOUND } from './errors.ts';
import { findBlock } from './queries.ts';

/**
 * GET /api/surveys/{id}/blocks/{question_id}/answer_count: the configurator asks it before a block is
 * deleted, since a deleted block's answers stay stored but no longer show in Analyse and the export
 * (they come back when the delete is undone). Counts only; the start and end markers are no blocks (404).
 */
export async function blockAnswerCount(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
  uniqueQuestionId: string,
): Promise<AnswerCount> {
  const block = await findBlock(ctx.db, access.survey.id, uniqueQuestionId);
  if (!block) throw notFound(BLOCK_NOT_FOUND);
  const counts = await answerSessionCounts(ctx.db, access.survey.id, uniqueQuestionId);
  return { unique_question_id: uniqueQuestionId, ...counts };
}
