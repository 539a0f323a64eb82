import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { llmStatusResponse } from '../../contract/llm.ts';
import { requireAuthor } from '../auth/guard.ts';
import { llmModel } from '../config.ts';
import type { AppContext } from '../context.ts';

/** Whether a language model is configured, for the configurator's notice in GPT and Q&A blocks. */
export function registerLlmRoutes(instance: FastifyInstance, ctx: AppContext): void {
  instance.withTypeProvider<ZodTypeProvider>().get(
    '/api/llm_status',
    {
      schema: {
        tags: ['llm'],
        summary: 'Whether a language model is configured, and its name (never its address or key)',
        response: { 200: llmStatusResponse, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (req) => {
      await requireAuthor(ctx, req);
      const model = llmModel(ctx.config);
      return { configured: model !== null, model };
    },
  );
}
