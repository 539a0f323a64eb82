/**
 * How well a trained model routes: accuracy, macro-F1, per-label precision and recall, a confusion
 * matrix and the misrouted examples, on a held-out set or by stratified k-fold cross-validation.
 * Predictions of 'none' and every none label ('None', 'none', 'keiner davon') count as one label.
 */
import {
  type Classified,
  classify,
  type Example,
  isNoneLabel,
  type TrainOptions,
  train,
} from './classifier.ts';
import { stratifiedFolds } from './folds.ts';

export const NONE = 'None';

export interface LabelScore {
  label: string;
  precision: number;
  recall: number;
  f1: number;
  /** Examples with this label in the evaluated set. */
  support: number;
}

export interface Misrouted {
  text: string;
  label: string;
  predicted: string;
  confidence: number;
}

export interface Evaluation {
  examples: number;
  accuracy: number;
  macroF1: number;
  perLabel: LabelScore[];
  /** confusion[i][j]: examples of labels[i] routed to labels[j]. */
  confusion: { labels: string[]; matrix: number[][] };
  misrouted: Misrouted[];
  /** Per example of a cross-validation, in the examples' order: what the slider needs (ExampleRoute). */
  routes?: ExampleRoute[];
}

/**
 * How a cross-validated example is routed at any threshold: to `top` (its best-ranked label) when the
 * threshold is at most `limit` (routeLimit in calibration.ts), else to NONE.
 */
export interface ExampleRoute {
  label: string;
  top: string;
  limit: number;
}

const canonical = (label: string) => (isNoneLabel(label) ? NONE : label);

export function predictedLabel(result: Classified): string {
  return result.label === null ? NONE : canonical(result.label);
}

export function score(
  gold: readonly Example[],
  predictions: readonly { label: string; confidence: number }[],
): Evaluation {
  const truth = gold.map((e) => canonical(e.label));
  const labels = [...new Set([...truth, ...predictions.map((p) => p.label)])].sort();
  const at = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  const misrouted: Misrouted[] = [];
  let correct = 0;
  truth.forEach((label, i) => {
    const p = predictions[i]!;
    matrix[at.get(label)!]![at.get(p.label)!]!++;
    if (p.label === label) correct++;
    else misrouted.push({ text: gold[i]!.text, label, predicted: p.label, confidence: p.confidence });
  });
  const perLabel = labels.map((label, i) => {
    const tp = matrix[i]![i]!;
    const support = matrix[i]!.reduce((a, b) => a + b, 0);
    const predicted = matrix.reduce((a, row) => a + row[i]!, 0);
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { label, precision, recall, f1, support };
  });
  return {
    examples: gold.length,
    accuracy: gold.length === 0 ? 0 : correct / gold.length,
    macroF1: perLabel.length === 0 ? 0 : perLabel.reduce((a, s) => a + s.f1, 0) / perLabel.length,
    perLabel,
    confusion: { labels, matrix },
    misrouted,
  };
}

/**
 * The three ways an answer goes wrong, counted from the confusion matrix: an answer of a branch sent to
 * 'keiner davon' (turned away), a 'keiner davon' answer routed to a branch (let in), and an answer of one
 * branch routed to another (misrouted).
 */
export interface ErrorKinds {
  branchToNone: number;
  noneToBranch: number;
  branchToBranch: number;
}

export function errorKinds(e: Pick<Evaluation, 'confusion'>): ErrorKinds {
  const { labels, matrix } = e.confusion;
  const out: ErrorKinds = { branchToNone: 0, noneToBranch: 0, branchToBranch: 0 };
  labels.forEach((gold, i) => {
    labels.forEach((predicted, j) => {
      const n = matrix[i]![j]!;
      if (i === j || n === 0) return;
      if (predicted === NONE) out.branchToNone += n;
      else if (gold === NONE) out.noneToBranch += n;
      else out.branchToBranch += n;
    });
  });
  return out;
}

export interface HoldOut extends Evaluation {
  trainMs: number;
  /** Mean time to classify one answer, in microseconds. */
  classifyUs: number;
}

/** Trains on one set and scores the other, exactly as the product trains. */
export function evaluate(
  trainSet: readonly Example[],
  testSet: readonly Example[],
  options?: TrainOptions,
): HoldOut {
  const t0 = performance.now();
  const model = train(trainSet, options);
  const t1 = performance.now();
  // Warm up (decoding the model, JIT, the stem memory) so the timing shows the steady per-answer cost
  // of a loaded model in a running server; the training texts too, as a test set may be a handful.
  const texts = [...testSet, ...trainSet].map((e) => e.text);
  for (let i = 0; i < Math.min(200, texts.length * 3); i++) classify(model, texts[i % texts.length]!);
  // At least 200 answers timed (a small test set several times), so one slow answer does not decide.
  const rounds = testSet.length === 0 ? 0 : Math.ceil(200 / testSet.length);
  const t2 = performance.now();
  let predictions: { label: string; confidence: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    predictions = testSet.map((e) => {
      const r = classify(model, e.text);
      return { label: predictedLabel(r), confidence: r.confidence };
    });
  }
  const t3 = performance.now();
  return {
    ...score(testSet, predictions),
    trainMs: t1 - t0,
    classifyUs: rounds === 0 ? 0 : ((t3 - t2) * 1000) / (testSet.length * rounds),
  };
}

/**
 * Stratified k-fold cross-validation (stratifiedFolds): every example is classified once by a model that
 * did not see it; as a respondent might have typed it when `heldOut` is given (noiseOf in noise.ts, with
 * the example's position).
 */
export function crossValidate(
  examples: readonly Example[],
  k: number,
  seed: number,
  options?: TrainOptions,
  heldOut: (text: string, i: number) => string = (text) => text,
): Evaluation {
  const fold = stratifiedFolds(
    examples.map((e) => e.label),
    k,
    seed,
  );
  const folds = Math.max(...fold) + 1;
  const predictions: { label: string; confidence: number }[] = new Array(examples.length);
  const routes: ExampleRoute[] = new Array(examples.length);
  for (let f = 0; f < folds; f++) {
    const trainSet = examples.filter((_, i) => fold[i] !== f);
    if (trainSet.length === 0) continue;
    const model = train(trainSet, options);
    examples.forEach((e, i) => {
      if (fold[i] !== f) return;
      const r = classify(model, heldOut(e.text, i));
      predictions[i] = { label: predictedLabel(r), confidence: r.confidence };
      routes[i] = { label: canonical(e.label), top: canonical(r.ranking[0]!.label), limit: r.limit };
    });
  }
  return { ...score(examples, predictions), routes };
}

const f4 = (x: number) => x.toFixed(4);

/** The report of the evaluation command; the last line is `accuracy: X macro_f1: Y`. */
export function formatReport(result: HoldOut, trainSize: number): string[] {
  const none = result.perLabel.find((s) => s.label === NONE);
  const lines = [
    `examples: train ${trainSize} test ${result.examples} labels ${result.perLabel.length}`,
    ...result.perLabel.map(
      (s) =>
        `  ${s.label}: precision ${f4(s.precision)} recall ${f4(s.recall)} f1 ${f4(s.f1)} support ${s.support}`,
    ),
    none
      ? `none_precision: ${f4(none.precision)} none_recall: ${f4(none.recall)}`
      : 'none_precision: - none_recall: - (no None examples)',
    `train_ms: ${result.trainMs.toFixed(1)}`,
    `classify_us_per_answer: ${result.classifyUs.toFixed(1)}`,
    `accuracy: ${f4(result.accuracy)} macro_f1: ${f4(result.macroF1)}`,
  ];
  return lines;
}
