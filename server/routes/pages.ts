import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { loadPages } from '../pages/service.ts';
import { serve } from './serve.ts';

/** GET /api/pages/:name: Impressum, Datenschutz and the other public info pages as Markdown. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pages = loadPages(ctx.config);
  serve(app, ctx, endpoints.page, ({ params }) => pages.get(params.name));
}
