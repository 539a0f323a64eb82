/**
 * `nlu:evaluate` with the services the operator configured (EMBEDDINGS_MODEL, LLM_MODEL), routed as the
 * chat routes: the lexical model mixed with embeddings by the weight cross-validation on the training
 * set chooses (semantic.ts), and unsure answers decided by the language model (semantic-routing.ts).
 * So an operator measures their own model server on their own data. The test set is read only to score.
 */
import type { Embedder } from '../llm/embeddings.ts';
import type { LlmProvider } from '../llm/provider.ts';
import { type Example, isNoneLabel, train } from './classifier.ts';
import { type HoldOut, NONE, predictedLabel, score } from './evaluate.ts';
import { classifySemantic, fitSemantic, type RoutingModel, trainSemantic, unsureOf } from './semantic.ts';
import { askLanguageModel } from './semantic-routing.ts';

export interface Services {
  embedder: Embedder | null;
  llm: LlmProvider | null;
  /** Language-model requests at once (LLM_MAX_PARALLEL). */
  parallel: number;
}

const FOLDS = 5;
const SEED = 1;

/** Runs fn on each item, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function vectorsOf(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[]> {
  const vectors = await embedder.embed('nlu:evaluate', texts);
  // A measurement must not quietly fall back: the operator asked about their server.
  if (vectors === undefined) throw new Error(`Embeddings (${embedder.model}) nicht erreichbar`);
  return vectors;
}

export async function evaluateWithServices(
  trainSet: readonly Example[],
  testSet: readonly Example[],
  services: Services,
): Promise<{ result: HoldOut; lines: string[] }> {
  const { embedder, llm } = services;
  const lines: string[] = [];
  const t0 = performance.now();
  let model: RoutingModel;
  let testVectors: (Float32Array | undefined)[] = testSet.map(() => undefined);
  if (embedder) {
    const vectors = await vectorsOf(
      embedder,
      [...trainSet, ...testSet].map((e) => e.text),
    );
    const trainVectors = vectors.slice(0, trainSet.length);
    testVectors = vectors.slice(trainSet.length);
    const fit = fitSemantic(trainSet, trainVectors, FOLDS, SEED);
    model = trainSemantic(trainSet, trainVectors, embedder.model, fit);
    const tried = fit.tried.map((s) => `${s.weight}/${s.temperature}=${s.accuracy.toFixed(4)}`).join(' ');
    lines.push(
      `embeddings: ${embedder.model} weight ${fit.weight} temperature ${fit.temperature} (cross-validated on train: ${tried})`,
    );
  } else {
    model = train(trainSet);
  }
  const t1 = performance.now();
  const decisions = testSet.map((e, i) => classifySemantic(model, e.text, testVectors[i]));
  const t2 = performance.now();
  const predictions = decisions.map((r) => ({ label: predictedLabel(r), confidence: r.confidence }));
  if (llm) {
    const threshold = model.thresholds.threshold;
    const unsure = decisions.flatMap((r, i) => (unsureOf(model, r, threshold) ? [i] : []));
    const options = model.labels.filter((l) => !isNoneLabel(l));
    let failed = 0;
    await pool(unsure, services.parallel, async (i) => {
      const decided = await askLanguageModel(llm, {
        purpose: 'nlu:evaluate',
        question: '',
        options,
        examples: trainSet,
        answer: testSet[i]!.text,
      });
      if (decided === undefined) failed++;
      else predictions[i] = { label: decided.label ?? NONE, confidence: decided.confidence };
    });
    lines.push(`llm: asked ${unsure.length} of ${testSet.length} (unsure), failed ${failed}`);
  }
  return {
    result: {
      ...score(testSet, predictions),
      trainMs: t1 - t0,
      classifyUs: ((t2 - t1) * 1000) / testSet.length,
    },
    lines,
  };
}
