import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { createQuota, deleteQuota, listQuotas, updateQuota } from '../quotas/service.ts';
import { serve } from './serve.ts';

/** A dialog's quotas (issue 22). */
export function registerQuotaRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.quotas, ({ access }) => listQuotas(ctx, access));
  serve(app, ctx, endpoints.createQuota, ({ access, body }) => createQuota(ctx, access, body.quota));
  serve(app, ctx, endpoints.updateQuota, ({ access, body }) => updateQuota(ctx, access, body.id, body.quota));
  serve(app, ctx, endpoints.deleteQuota, ({ access, body }) => deleteQuota(ctx, access, body.id));
}
