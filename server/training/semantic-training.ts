import type { AppContext } from '../context.ts';
import type { Example } from './classifier.ts';
import { latestDoneModel } from './model-queries.ts';
import { type RoutingModel, textHash, vectorFromText } from './semantic.ts';

/**
 * The examples' vectors for a training, when embeddings are configured: those of the block's previous
 * model (same embeddings model, same text) are reused, the rest fetched in batches. undefined (the
 * training goes on lexically) when none are configured or the server fails.
 */

export interface ExampleVectors {
  model: string;
  vectors: Float32Array[];
}

/** The vectors the block's newest model stores, by text hash; empty for another embeddings model. */
async function cachedVectors(
  ctx: AppContext,
  surveyId: number,
  uniqueQuestionId: string,
  embeddingsModel: string,
): Promise<Map<string, Float32Array>> {
  const row = await latestDoneModel(ctx.db, surveyId, uniqueQuestionId);
  if (!row) return new Map();
  try {
    const semantic = (JSON.parse(row.model) as RoutingModel).semantic;
    if (semantic?.model !== embeddingsModel) return new Map();
    return new Map(Object.entries(semantic.cache).map(([hash, v]) => [hash, vectorFromText(v)]));
  } catch {
    return new Map();
  }
}

export async function exampleVectors(
  ctx: AppContext,
  surveyId: number,
  uniqueQuestionId: string,
  examples: readonly Example[],
): Promise<ExampleVectors | undefined> {
  const embedder = ctx.embedder;
  if (embedder === null) return undefined;
  const known = await cachedVectors(ctx, surveyId, uniqueQuestionId, embedder.model);
  const missing = [...new Set(examples.map((e) => e.text).filter((t) => !known.has(textHash(t))))];
  const fetched = await embedder.embed(`training examples ${uniqueQuestionId}`, missing);
  if (fetched === undefined) return undefined;
  missing.forEach((text, i) => {
    known.set(textHash(text), fetched[i]!);
  });
  const vectors = examples.map((e) => known.get(textHash(e.text))!);
  // Cached vectors of an earlier server configuration may have another length.
  if (vectors.some((v) => v.length !== vectors[0]!.length)) return undefined;
  return { model: embedder.model, vectors };
}
