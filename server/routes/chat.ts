import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  chatAnswerRequest,
  chatHistoryRequest,
  chatStartRequest,
  chatTurnResponse,
  clientConfigSchema,
  getConfigQuery,
  restartDeleteRequest,
  restartDeleteResponse,
  surveyLanguageRequest,
  surveyLanguageResponse,
} from '../../contract/chat.ts';
import {
  answerChat,
  chatHistory,
  clientConfig,
  restartOrDelete,
  startChat,
  surveyLanguage,
} from '../chat/service.ts';
import type { AppContext } from '../context.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  503: apiErrorSchema,
};

const WHO =
  'With a live token: the participant\'s chat (mode live; 403 "Dialog ist nicht mehr aktiv." on an ' +
  'inactive dialog, 403 live_not_registered for a dialog the token was not registered for). With an ' +
  "author token: the assessment chat (mode test, needs the 'test' capability; works on inactive dialogs).";

/**
 * The turns' responses are built by the service from typed values; checking them against their schema
 * again before sending cost a tenth of a turn, so the turn routes serialise with plain JSON (the schemas
 * still document them in OpenAPI).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The chat turns (ARCHITECTURE.md), the client config and language calls and restart_delete (SPEC §7). */
export function registerChatRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];

  app.post(
    '/api/chat/start',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Begin the chat, or return it as it is when it has begun (whole history and current input)',
        description: WHO,
        body: chatStartRequest,
        response: { 200: chatTurnResponse, ...errors },
      },
    },
    (req) => startChat(ctx, req, req.body.survey_id),
  );

  app.post(
    '/api/chat/answer',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Answer the current question; returns the new entries and the next input',
        description: `${WHO} A wrong answer (e-mail, number, date, option) is not stored and the question is asked again with a hint. 409 when unique_question_id (with nachfrage_id and turn) is not the current input. 503 server_busy when the turn needs the language model (GPT follow-up, Q&A) and LLM_MAX_PARALLEL requests are under way; nothing is stored then.`,
        body: chatAnswerRequest,
        response: { 200: chatTurnResponse, ...errors, 409: apiErrorSchema },
      },
    },
    (req) => answerChat(ctx, req, req.body),
  );

  app.post(
    '/api/chat/history',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'The stored history and the current input, to resume after a reload',
        description: `${WHO} 404 when no chat has begun.`,
        body: chatHistoryRequest,
        response: { 200: chatTurnResponse, ...errors },
      },
    },
    (req) => chatHistory(ctx, req, req.body.survey_id),
  );

  app.post(
    '/api/restart_delete',
    {
      schema: {
        tags,
        summary:
          "restart: a fresh chat (the old one stays as unfinished); delete: remove the participant's data",
        description:
          'live true with the live token, false with an author token (test chat). delete needs the live token, ' +
          'removes sessions, messages and answers of this dialog and revokes the refresh tokens.',
        body: restartDeleteRequest,
        response: { 200: restartDeleteResponse, ...errors },
      },
    },
    (req) => restartOrDelete(ctx, req, req.body),
  );

  app.get(
    '/api/get_config',
    {
      schema: {
        tags,
        summary: "The look of a dialog's chat (client config); public",
        security: [],
        querystring: getConfigQuery,
        response: { 200: clientConfigSchema, 400: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    (req) => clientConfig(ctx, req.query.survey_id),
  );

  app.post(
    '/api/get_survey_language',
    {
      schema: {
        tags,
        summary: "Language fragments of the live top bar in the dialog's language; public",
        security: [],
        body: surveyLanguageRequest,
        response: {
          200: surveyLanguageResponse,
          400: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    (req) => surveyLanguage(ctx, req.body.survey_id),
  );
}
