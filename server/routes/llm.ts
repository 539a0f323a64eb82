import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { llmStatus } from '../llm/status.ts';
import { serve } from './serve.ts';

/** Whether a language model is configured, for the configurator's notice in GPT and Q&A blocks. */
export function registerLlmRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.llmStatus, () => llmStatus(ctx));
}
