import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { createKey, listKeys, revokeKey } from '../api-keys/service.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** The account screen's API keys (issue 22). */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.listApiKeys, ({ principal }) => listKeys(ctx, principal.id));
  serve(app, ctx, endpoints.createApiKey, ({ principal, body }) => createKey(ctx, principal.id, body));
  serve(app, ctx, endpoints.revokeApiKey, ({ principal, body }) => revokeKey(ctx, principal.id, body.id));
}
