import type { LlmStatus } from '../../contract/llm.ts';
import { llmModel } from '../config.ts';
import type { AppContext } from '../context.ts';

/** GET /api/llm_status: whether a language model is configured, and its name (never its address or key). */
export function llmStatus(ctx: AppContext): LlmStatus {
  const model = llmModel(ctx.config);
  return { configured: model !== null, model };
}
