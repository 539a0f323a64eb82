import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import {
  createWebhook,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  testWebhook,
  updateWebhook,
  webhookDeliveries,
} from '../webhooks/service.ts';
import { serve } from './serve.ts';

/** A dialog's webhooks and their delivery log (issue 22). */
export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.listWebhooks, ({ access }) => listWebhooks(ctx, access));
  serve(app, ctx, endpoints.createWebhook, ({ access, body }) => createWebhook(ctx, access, body));
  serve(app, ctx, endpoints.updateWebhook, ({ access, body }) => updateWebhook(ctx, access, body));
  serve(app, ctx, endpoints.deleteWebhook, ({ access, body }) => removeWebhook(ctx, access, body.id));
  serve(app, ctx, endpoints.webhookDeliveries, ({ access, body }) => webhookDeliveries(ctx, access, body.id));
  serve(app, ctx, endpoints.resendWebhookDelivery, ({ access, body }) =>
    resendDelivery(ctx, access, body.delivery_id),
  );
  serve(app, ctx, endpoints.testWebhook, ({ access, body }) => testWebhook(ctx, access, body.id));
}
