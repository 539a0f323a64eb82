import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  staleBlockResponse,
  updateSurveyBlocksRequest,
  updateSurveyBlocksResponse,
} from '../../contract/dialogs.ts';
import type { AppContext } from '../context.ts';
import { StaleBlockError, updateSurveyBlocks } from '../dialogs/blocks.ts';
import { requireDialog } from '../sharing/permissions.ts';

/** POST /api/update_survey_blocks (SPEC §7): create, update, delete, recreate and order. */
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
    async (req, reply) => {
      const access = await requireDialog(ctx, req, req.body.survey_id, 'configure');
      try {
        return await updateSurveyBlocks(ctx, access, req.body);
      } catch (err) {
        // The stale-write answer carries the block as it is now, beyond the usual { title, msg }.
        if (err instanceof StaleBlockError) {
          return reply.code(409).send({ title: err.title, msg: err.msg, block: err.block });
        }
        throw err;
      }
    },
  );
}
