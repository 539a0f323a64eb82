import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { blockAnswerCount } from '../dialogs/answer-count.ts';
import { updateSurveyBlocks } from '../dialogs/blocks.ts';
import { serve } from './serve.ts';

/**
 * POST /api/update_survey_blocks (SPEC §7): create, update, delete, recreate and order; and the count of
 * a block's stored answers that the configurator shows before a delete.
 */
export function registerBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.updateSurveyBlocks, ({ access, body }) => updateSurveyBlocks(ctx, access, body));
  serve(app, ctx, endpoints.blockAnswerCount, ({ access, params }) =>
    blockAnswerCount(ctx, access, params.question_id),
  );
}
