/**
 * Routing by meaning when embeddings are configured (server/llm/embeddings.ts): the examples' vectors
 * give each label a centroid; an answer's cosine to the centroids, turned into probabilities by a
 * softmax with a temperature, is mixed with the lexical model's probabilities:
 *
 *     p = (1 - weight) · p_lexical + weight · p_embeddings
 *
 * weight and temperature are chosen by stratified cross-validation on the block's own examples (the
 * accuracy of the routing decision, 'keiner davon' included); weight 0 (the offline model alone, with
 * its familiarity rule) wins ties, so embeddings are used only where they helped on held-out examples.
 * With a weight above 0 the decision is the threshold and margin on the mixed probabilities: the
 * lexical familiarity rule is left out, since embeddings know words the examples do not ('Kohle' for
 * Bezahlung). Pure: vectors in, numbers out.
 */
import { createHash } from 'node:crypto';
import { INBOX_MARGIN } from '../../contract/training.ts';
import { type Classified, classify, type Example, type NluModel, type Ranked, train } from './classifier.ts';
import { type Evaluation, predictedLabel, score } from './evaluate.ts';
import { stratifiedFolds } from './folds.ts';

export interface SemanticPart {
  /** The embeddings model the vectors come from; another model's vectors are not comparable. */
  model: string;
  dims: number;
  /** Unit centroid of each label in the lexical model's label order (labels × dims, base64 float32). */
  centroids: string;
  weight: number;
  temperature: number;
  /** The examples' vectors by textHash (base64 float32): the next training embeds only new texts. */
  cache: Record<string, string>;
}

/** What a trained block stores: the lexical model, with the semantic part when embeddings were configured. */
export type RoutingModel = NluModel & { semantic?: SemanticPart };

export const WEIGHTS = [0, 0.25, 0.5, 0.75, 1] as const;
export const TEMPERATURES = [0.02, 0.05, 0.1] as const;

export const textHash = (text: string) => createHash('sha256').update(text).digest('base64url');

export function vectorToText(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

export function vectorFromText(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const out = new Float32Array(bytes.byteLength / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** The unit-length mean vector of each label's examples (a label without examples: zeros). */
export function centroids(
  labels: readonly string[],
  examples: readonly Example[],
  vectors: readonly Float32Array[],
  dims: number,
): Float32Array {
  const out = new Float32Array(labels.length * dims);
  const at = new Map(labels.map((l, i) => [l, i]));
  examples.forEach((e, i) => {
    const k = at.get(e.label);
    if (k === undefined) return;
    const v = vectors[i]!;
    for (let d = 0; d < dims; d++) out[k * dims + d]! += v[d]!;
  });
  for (let k = 0; k < labels.length; k++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += out[k * dims + d]! ** 2;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let d = 0; d < dims; d++) out[k * dims + d]! /= norm;
  }
  return out;
}

/** The labels' probabilities from the answer's cosines to their centroids (softmax of cosine / temperature). */
export function embeddingProbabilities(
  cents: Float32Array,
  dims: number,
  vector: Float32Array,
  temperature: number,
): Float64Array {
  const labels = cents.length / dims;
  const z = new Float64Array(labels);
  for (let k = 0; k < labels; k++) {
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += cents[k * dims + d]! * (vector[d] ?? 0);
    z[k] = dot / temperature;
  }
  const max = Math.max(...z);
  let sum = 0;
  for (let k = 0; k < labels; k++) {
    z[k] = Math.exp(z[k]! - max);
    sum += z[k]!;
  }
  return z.map((v) => v / sum);
}

/** The lexical ranking mixed with the embeddings' probabilities (labels in the model's order). */
export function mixed(
  labels: readonly string[],
  lexical: readonly Ranked[],
  emb: Float64Array,
  weight: number,
): Ranked[] {
  const lex = new Map(lexical.map((r) => [r.label, r.confidence]));
  return labels
    .map((label, k) => ({ label, confidence: (1 - weight) * (lex.get(label) ?? 0) + weight * emb[k]! }))
    .sort((a, b) => b.confidence - a.confidence || (a.label < b.label ? -1 : 1));
}

/** The decision on mixed probabilities: the none class, or below the threshold or margin, is 'keiner davon'. */
export function decideMixed(model: NluModel, ranking: Ranked[], threshold: number): Classified {
  const best = ranking[0]!;
  const second = ranking[1]?.confidence ?? 0;
  const nearTie = best.confidence - second < model.thresholds.margin;
  const unsure = best.confidence < threshold || nearTie;
  const label = best.label === model.noneLabel || unsure ? null : best.label;
  // The highest threshold at which the best branch is still taken (calibration.ts routeLimit).
  return { label, confidence: best.confidence, ranking, limit: nearTie ? -1 : best.confidence };
}

/** An answer's routing by a model with its semantic part, given the answer's vector (undefined: lexical alone). */
export function classifySemantic(
  model: RoutingModel,
  text: string,
  vector: Float32Array | undefined,
  threshold = model.thresholds.threshold,
): Classified & { source: 'model' | 'embeddings' } {
  const lexical = classify(model, text, { threshold });
  const s = model.semantic;
  if (!s || s.weight === 0 || vector === undefined || vector.length !== s.dims) {
    return { ...lexical, source: 'model' };
  }
  const emb = embeddingProbabilities(vectorFromText(s.centroids), s.dims, vector, s.temperature);
  return {
    ...decideMixed(model, mixed(model.labels, lexical.ranking, emb, s.weight), threshold),
    source: 'embeddings',
  };
}

/**
 * Whether a decision is unsure enough for the language model (semantic-routing.ts): turned away to
 * 'keiner davon' by the threshold, margin or familiarity, or taken with a confidence that would put the
 * answer into the inbox (below threshold + INBOX_MARGIN; the none class's win too).
 */
export function unsureOf(model: NluModel, result: Classified, threshold: number): boolean {
  const turnedAway = result.label === null && result.ranking[0]?.label !== model.noneLabel;
  return turnedAway || result.confidence < threshold + INBOX_MARGIN;
}

export interface SemanticFit {
  weight: number;
  temperature: number;
  /** The cross-validation of the chosen setting (what the training screen shows). */
  evaluation: Evaluation;
  /** Cross-validated accuracy of every setting tried, for the benches and the report. */
  tried: { weight: number; temperature: number; accuracy: number }[];
}

/**
 * Weight and temperature by stratified k-fold cross-validation on the examples (vectors in the same
 * order): each example routed by a lexical model and centroids that did not see it.
 */
export function fitSemantic(
  examples: readonly Example[],
  vectors: readonly Float32Array[],
  folds: number,
  seed: number,
): SemanticFit {
  const dims = vectors[0]?.length ?? 0;
  const fold = stratifiedFolds(
    examples.map((e) => e.label),
    folds,
    seed,
  );
  const k = Math.max(...fold) + 1;
  // Per setting, the predicted label of each example.
  const settings = WEIGHTS.flatMap((weight) =>
    (weight === 0 ? [TEMPERATURES[0]] : TEMPERATURES).map((temperature) => ({
      weight,
      temperature,
      predictions: new Array<{ label: string; confidence: number }>(examples.length),
    })),
  );
  for (let f = 0; f < k; f++) {
    const inFold = examples.map((_, i) => fold[i] !== f);
    const trainSet = examples.filter((_, i) => inFold[i]);
    if (trainSet.length === 0 || new Set(trainSet.map((e) => e.label)).size < 2) continue;
    const lexModel = train(trainSet);
    const cents = centroids(
      lexModel.labels,
      trainSet,
      vectors.filter((_, i) => inFold[i]),
      dims,
    );
    examples.forEach((e, i) => {
      if (inFold[i]) return;
      const lexical = classify(lexModel, e.text);
      for (const s of settings) {
        const r =
          s.weight === 0
            ? lexical
            : decideMixed(
                lexModel,
                mixed(
                  lexModel.labels,
                  lexical.ranking,
                  embeddingProbabilities(cents, dims, vectors[i]!, s.temperature),
                  s.weight,
                ),
                lexModel.thresholds.threshold,
              );
        s.predictions[i] = { label: predictedLabel(r), confidence: r.confidence };
      }
    });
  }
  const scored = settings.map((s) => {
    const held = examples.flatMap((e, i) => (s.predictions[i] ? [{ e, p: s.predictions[i]! }] : []));
    const evaluation = score(
      held.map((h) => h.e),
      held.map((h) => h.p),
    );
    return { weight: s.weight, temperature: s.temperature, evaluation };
  });
  // The first best: the lowest weight, so embeddings must earn their place.
  const best = scored.reduce((a, b) => (b.evaluation.accuracy > a.evaluation.accuracy + 1e-9 ? b : a));
  return {
    weight: best.weight,
    temperature: best.temperature,
    evaluation: best.evaluation,
    tried: scored.map((s) => ({
      weight: s.weight,
      temperature: s.temperature,
      accuracy: s.evaluation.accuracy,
    })),
  };
}

/** The model of all examples with its semantic part (vectors in the examples' order). */
export function trainSemantic(
  examples: readonly Example[],
  vectors: readonly Float32Array[],
  embeddingsModel: string,
  fit: Pick<SemanticFit, 'weight' | 'temperature'>,
): RoutingModel {
  const model = train(examples);
  const dims = vectors[0]?.length ?? 0;
  const cache: Record<string, string> = {};
  examples.forEach((e, i) => {
    cache[textHash(e.text)] = vectorToText(vectors[i]!);
  });
  return {
    ...model,
    semantic: {
      model: embeddingsModel,
      dims,
      centroids: vectorToText(centroids(model.labels, examples, vectors, dims)),
      weight: fit.weight,
      temperature: fit.temperature,
      cache,
    },
  };
}
