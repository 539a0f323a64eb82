import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { pageParams, pageResponse } from '../../contract/pages.ts';
import type { AppContext } from '../context.ts';
import { loadPages } from '../pages/service.ts';

/** GET /api/pages/:name: Impressum, Datenschutz and the other public info pages as Markdown. */
export function registerPageRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const pages = loadPages(ctx.config);
  instance.withTypeProvider<ZodTypeProvider>().get(
    '/api/pages/:name',
    {
      schema: {
        tags: ['pages'],
        summary: 'An info page (impressum, impressum_tatort, bi, datenschutz, agb)',
        security: [],
        params: pageParams,
        response: { 200: pageResponse, 404: apiErrorSchema },
      },
    },
    (req) => pages.get(req.params.name),
  );
}
