import { z } from 'zod';

/**
 * GET /api/llm_status: whether the server has a language model for GPT follow-ups and Q&A answers
 * (LLM_BASE_URL and LLM_MODEL set). It never carries the key or the address of the model's server.
 */
export const llmStatusResponse = z.object({
  configured: z.boolean(),
  /** The model's name; null when no model is configured. */
  model: z.string().nullable(),
});
export type LlmStatus = z.infer<typeof llmStatusResponse>;
