import { type Config, embeddingsTarget } from '../config.ts';
import { type LlmLogger, openAiClient } from './provider.ts';

/**
 * Embeddings of texts from any server that speaks the OpenAI embeddings protocol (OpenAI, Ollama, vLLM,
 * text-embeddings-inference): what routes free-text answers by meaning (server/training/semantic*.ts).
 * Like the language model: LLM_TIMEOUT_MS per attempt, one retry, at most LLM_MAX_PARALLEL requests at
 * once (a counter of its own); a failure is logged and answered with undefined, so the caller falls back
 * to the offline classifier.
 */

export interface Embedder {
  /** The model's name, stored with what was trained on its vectors. */
  model: string;
  /** One unit-length vector per text, in order; undefined when the server failed or is busy (logged). */
  embed(purpose: string, texts: readonly string[]): Promise<Float32Array[] | undefined>;
}

/** Texts per request: servers limit a request's inputs (OpenAI 2048, text-embeddings-inference 32 by default). */
export const EMBEDDING_BATCH = 32;

const silent: LlmLogger = { warn: () => {} };

/** The vector scaled to length 1 (some servers, Ollama's among them, do not normalise), so a dot product is the cosine. */
export function unitVector(values: readonly number[]): Float32Array {
  const norm = Math.sqrt(values.reduce((a, v) => a + v * v, 0));
  return Float32Array.from(values, (v) => (norm === 0 ? 0 : v / norm));
}

/** How one embed() call ended, with its time (the metrics; a call of many texts is one call). */
export type EmbeddingsObserver = (outcome: 'ok' | 'failed' | 'busy', seconds: number) => void;

/** The configured embedder, or null without EMBEDDINGS_MODEL and a server: then no text is ever sent. */
export function createEmbedder(
  config: Config,
  log: LlmLogger = silent,
  observe: EmbeddingsObserver = () => {},
): Embedder | null {
  const target = embeddingsTarget(config);
  if (target === null) return null;
  const client = openAiClient(config, target.baseURL, target.apiKey);
  const limit = config.LLM_MAX_PARALLEL;
  let running = 0;

  async function batch(texts: readonly string[]): Promise<Float32Array[]> {
    const response = await client.embeddings.create({
      model: target!.model,
      input: [...texts],
      encoding_format: 'float',
    });
    const rows = [...response.data].sort((a, b) => a.index - b.index);
    const dims = rows[0]?.embedding.length ?? 0;
    if (rows.length !== texts.length || dims === 0 || rows.some((r) => r.embedding.length !== dims)) {
      throw new Error(`expected ${texts.length} vectors of one length, got ${rows.length}`);
    }
    return rows.map((r) => unitVector(r.embedding));
  }

  return {
    model: target.model,
    async embed(purpose, texts) {
      if (texts.length === 0) return [];
      const started = performance.now();
      const done = (outcome: Parameters<EmbeddingsObserver>[0]) =>
        observe(outcome, (performance.now() - started) / 1000);
      if (running >= limit) {
        log.warn({ purpose }, 'embeddings: too many requests under way');
        done('busy');
        return undefined;
      }
      running += 1;
      try {
        const out: Float32Array[] = [];
        for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
          out.push(...(await batch(texts.slice(i, i + EMBEDDING_BATCH))));
        }
        const dims = out[0]!.length;
        if (out.some((v) => v.length !== dims)) throw new Error('vectors of different lengths');
        done('ok');
        return out;
      } catch (err) {
        // The error, never the texts: they may be what respondents wrote.
        log.warn({ purpose, err }, 'embeddings request failed');
        done('failed');
        return undefined;
      } finally {
        running -= 1;
      }
    },
  };
}
