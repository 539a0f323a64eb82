import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { hiddenFields, setHiddenFields } from '../hidden-fields/service.ts';
import { serve } from './serve.ts';

/** A dialog's hidden fields (issue 22). */
export function registerHiddenFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.hiddenFields, ({ access }) => hiddenFields(ctx, access));
  serve(app, ctx, endpoints.setHiddenFields, ({ access, body }) => setHiddenFields(ctx, access, body.fields));
}
