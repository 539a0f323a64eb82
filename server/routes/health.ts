import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import type { AppContext } from '../context.ts';

/**
 * Liveness and database reachability, for load balancers and the start-up check of tests: 503
 * server_busy while the database cannot answer (http/error-handler.ts).
 */
export function registerHealthRoute(instance: FastifyInstance, ctx: AppContext): void {
  instance.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        security: [],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
          503: apiErrorSchema,
        },
      },
    },
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, database: ctx.dbKind };
    },
  );
}
