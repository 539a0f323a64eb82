import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  answerCountParams,
  answerCountResponse,
  staleBlockResponse,
  updateSurveyBlocksRequest,
  updateSurveyBlocksResponse,
} from '../../contract/block-updates.ts';
import type { AppContext } from '../context.ts';
import { blockAnswerCount } from '../dialogs/answer-count.ts';
import { updateSurveyBlocks } from '../dialogs/blocks.ts';
import { requireDialog } from '../sharing/permissions.ts';

/**
 * POST /api/update_survey_blocks (SPEC §7): create, update, delete, recreate and order; and the count of
 * a block's stored answers that the configurator shows before a delete.
 */
export function registerBlockRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/update_survey_blocks',
    {
      schema: {
        tags: ['dialogs'],
        summary: 'Change the blocks of a dialog; 409 with the current block when the given version is stale',
        body: updateSurveyBlocksRequest,
        response: {
          200: updateSurveyBlocksResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: staleBlockResponse.or(apiErrorSchema),
        },
      },
    },
    async (req) =>
      updateSurveyBlocks(ctx, await requireDialog(ctx, req, req.body.survey_id, 'configure'), req.body),
  );

  app.get(
    '/api/surveys/:id/blocks/:question_id/answer_count',
    {
      schema: {
        tags: ['dialogs'],
        summary:
          "How many chats (live and test apart) stored answers to a block: asked before it is deleted, since a deleted block's answers leave Analyse and the export",
        params: answerCountParams,
        response: {
          200: answerCountResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req) =>
      blockAnswerCount(
        ctx,
        await requireDialog(ctx, req, req.params.id, 'configure'),
        req.params.question_id,
      ),
  );
}
