import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { healthStatus } from '../health/service.ts';
import { serve } from './serve.ts';

/**
 * Liveness and database reachability, for load balancers and the start-up check of tests: 503
 * server_busy while the database cannot answer (http/error-handler.ts).
 */
export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.health, () => healthStatus(ctx));
}
