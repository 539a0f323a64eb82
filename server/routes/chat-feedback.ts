import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { flagAnswer, flaggedAnswers, routedAnswers } from '../chat/feedback.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/**
 * POST /api/chat/flag_answer: 'Falsch zugeordnet' in the assessment chat, and POST
 * /api/chat/flagged_answers: what was flagged in the current test chat, and POST /api/chat/routed_answers:
 * where its free-text answers went (contract/chat-feedback.ts).
 */
export function registerChatFeedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.chatFlagAnswer, ({ access, body }) => flagAnswer(ctx, access, body));
  serve(app, ctx, endpoints.chatFlaggedAnswers, ({ access }) => flaggedAnswers(ctx, access));
  serve(app, ctx, endpoints.chatRoutedAnswers, ({ access }) => routedAnswers(ctx, access));
}
