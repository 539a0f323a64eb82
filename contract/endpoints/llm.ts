import { endpoint } from '../endpoint.ts';
import { llmStatusResponse } from '../llm.ts';

/** Whether a language model is configured, for the configurator's notice in GPT and Q&A blocks. */
export const llmEndpoints = {
  llmStatus: endpoint({
    method: 'GET',
    path: '/api/llm_status',
    caller: 'author',
    tags: ['llm'],
    summary: 'Whether a language model is configured, and its name (never its address or key)',
    response: llmStatusResponse,
  }),
};
