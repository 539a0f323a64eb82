import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { clientConfig, surveyLanguage } from '../chat/public-info.ts';
import { answerChat, chatHistory, restartOrDelete, startChat } from '../chat/service.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** The chat turns (ARCHITECTURE.md), the client config and language calls and restart_delete (SPEC §7). */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.chatStart, ({ principal, body }) =>
    startChat(ctx, principal, body.survey_id, body.hidden, body.version),
  );
  serve(app, ctx, endpoints.chatAnswer, ({ principal, body }) => answerChat(ctx, principal, body));
  serve(app, ctx, endpoints.chatHistory, ({ principal, body }) =>
    chatHistory(ctx, principal, body.survey_id),
  );
  serve(app, ctx, endpoints.restartDelete, ({ principal, body }) => restartOrDelete(ctx, principal, body));
  serve(app, ctx, endpoints.getConfig, ({ query }) => clientConfig(ctx, query.survey_id));
  serve(app, ctx, endpoints.surveyLanguage, ({ body }) => surveyLanguage(ctx, body.survey_id));
}
