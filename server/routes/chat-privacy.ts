import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { privacyDeclaration } from '../chat/public-info.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** POST /api/get_privacy_declaration: the consent step and /privacy/{id} (contract/privacy.ts). */
export function registerChatPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.privacyDeclaration, ({ body }) => privacyDeclaration(ctx, body.survey_id));
}
