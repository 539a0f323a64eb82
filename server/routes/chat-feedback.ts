import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  flagAnswerRequest,
  flagAnswerResponse,
  flaggedAnswersRequest,
  flaggedAnswersResponse,
} from '../../contract/chat-feedback.ts';
import { flagAnswer, flaggedAnswers } from '../chat/feedback.ts';
import type { AppContext } from '../context.ts';
import { requireDialog } from '../sharing/permissions.ts';

/**
 * POST /api/chat/flag_answer: 'Falsch zugeordnet' in the assessment chat, and POST
 * /api/chat/flagged_answers: what was flagged in the current test chat (contract/chat-feedback.ts).
 */
export function registerChatFeedbackRoutes(instance: FastifyInstance, ctx: AppContext): void {
  instance.withTypeProvider<ZodTypeProvider>().post(
    '/api/chat/flag_answer',
    {
      schema: {
        tags: ['chat'],
        summary: 'Mark a routed free-text answer as wrongly routed (training inbox, flagged)',
        description:
          "Needs an author token with the 'test' capability on the dialog. Name the answer by answer_id, " +
          'or by unique_question_id and the seq of its entry in your current test chat.',
        body: flagAnswerRequest,
        response: {
          200: flagAnswerResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => flagAnswer(ctx, await requireDialog(ctx, req, req.body.survey_id, 'test'), req.body),
  );
  instance.withTypeProvider<ZodTypeProvider>().post(
    '/api/chat/flagged_answers',
    {
      schema: {
        tags: ['chat'],
        summary: 'The flagged answers of your current test chat, by the seq of their entries',
        description: "Needs an author token with the 'test' capability on the dialog.",
        body: flaggedAnswersRequest,
        response: {
          200: flaggedAnswersResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => flaggedAnswers(ctx, await requireDialog(ctx, req, req.body.survey_id, 'test')),
  );
}
