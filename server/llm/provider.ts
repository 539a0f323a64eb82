import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import type { z } from 'zod';
import { type Config, llmModel } from '../config.ts';

/**
 * The language model behind GPT follow-ups and Q&A answers: any server that speaks the OpenAI
 * chat-completions protocol (OpenAI, Ollama, vLLM). Replies are JSON objects checked with a zod schema;
 * json_object mode (rather than json_schema) is what the self-hosted servers support too.
 */

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

export interface LlmRequest<T> {
  /** What the call is for, in the log. */
  purpose: string;
  messages: readonly LlmMessage[];
  schema: z.ZodType<T>;
}

export interface LlmProvider {
  /**
   * The model's reply, or undefined when it failed (timeout, error status, unreadable reply; logged).
   * Throws LlmBusyError at once when LLM_MAX_PARALLEL requests are under way.
   */
  chatJson<T>(request: LlmRequest<T>): Promise<T | undefined>;
}

export class LlmBusyError extends Error {
  constructor() {
    super('too many LLM requests under way');
  }
}

export type LlmLogger = Pick<FastifyBaseLogger, 'warn'>;

const silent: LlmLogger = { warn: () => {} };

/** The JSON object in a reply; some models wrap it in a Markdown code fence despite json_object mode. */
function jsonObject(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start === -1 || end < start) throw new SyntaxError('no JSON object in the reply');
  return JSON.parse(content.slice(start, end + 1));
}

/** A client of an OpenAI-compatible server: LLM_TIMEOUT_MS per attempt, one retry (language model and embeddings). */
export function openAiClient(
  config: Pick<Config, 'LLM_TIMEOUT_MS'>,
  baseURL: string,
  apiKey: string | undefined,
) {
  return new OpenAI({
    baseURL,
    // Local servers (Ollama, vLLM) take any key; the client insists on one.
    apiKey: apiKey ?? 'none',
    // Never taken from OPENAI_* variables of the environment.
    organization: null,
    project: null,
    timeout: config.LLM_TIMEOUT_MS,
    maxRetries: 1,
    // Failures are logged by the callers, with what the call was for.
    logLevel: 'off',
  });
}

/** The configured provider, or null when LLM_BASE_URL or LLM_MODEL is unset: then nothing is ever sent. */
export function createLlmProvider(config: Config, log: LlmLogger = silent): LlmProvider | null {
  const model = llmModel(config);
  // The second test only narrows the type: llmModel is null without LLM_BASE_URL.
  if (model === null || config.LLM_BASE_URL === undefined) return null;
  const client = openAiClient(config, config.LLM_BASE_URL, config.LLM_API_KEY);
  const limit = config.LLM_MAX_PARALLEL;
  let running = 0;

  return {
    async chatJson<T>({ purpose, messages, schema }: LlmRequest<T>): Promise<T | undefined> {
      if (running >= limit) throw new LlmBusyError();
      running += 1;
      try {
        const completion = await client.chat.completions.create({
          model,
          messages: messages.map((m) => ({ role: m.role, content: m.content })),
          response_format: { type: 'json_object' },
          temperature: 0.3,
        });
        const content = completion.choices[0]?.message.content ?? '';
        const parsed = schema.safeParse(jsonObject(content));
        if (parsed.success) return parsed.data;
        // The issues, not the reply: it may quote what the respondent wrote.
        const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        log.warn({ purpose, issues }, 'LLM reply does not have the expected form');
      } catch (err) {
        log.warn({ purpose, err }, 'LLM request failed');
      } finally {
        running -= 1;
      }
      return undefined;
    },
  };
}
