import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { privacyDeclarationRequest, privacyDeclarationResponse } from '../../contract/privacy.ts';
import { privacyDeclaration } from '../chat/privacy.ts';
import type { AppContext } from '../context.ts';

/** POST /api/get_privacy_declaration: the consent step and /privacy/{id} (contract/privacy.ts). */
export function registerChatPrivacyRoutes(instance: FastifyInstance, ctx: AppContext): void {
  instance.withTypeProvider<ZodTypeProvider>().post(
    '/api/get_privacy_declaration',
    {
      schema: {
        tags: ['chat'],
        summary: "A dialog's privacy declaration (plain text) and language; public",
        security: [],
        body: privacyDeclarationRequest,
        response: {
          200: privacyDeclarationResponse,
          400: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    (req) => privacyDeclaration(ctx, req.body.survey_id),
  );
}
