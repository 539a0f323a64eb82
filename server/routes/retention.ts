import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { dialogRetention, setDialogRetention } from '../retention/service.ts';
import { serve } from './serve.ts';

/** A dialog's retention period (issue 24). */
export function registerRetentionRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.dialogRetention, ({ access }) => dialogRetention(ctx, access));
  serve(app, ctx, endpoints.setDialogRetention, ({ access, body }) =>
    setDialogRetention(ctx, access, body.retention_days),
  );
}
