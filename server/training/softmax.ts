/**
 * Multinomial logistic regression (softmax) with L2 regularisation, trained full-batch by L-BFGS
 * from zero weights: the same data always gives the same model, with no random state at all.
 */
import type { SparseVector } from './features.ts';

export interface SoftmaxOptions {
  /** Inverse regularisation strength (as scikit-learn's C): larger fits the examples more closely. */
  c: number;
  maxIterations: number;
  /** Stops when the objective improves by less than this fraction. */
  tolerance: number;
  /** Weight every class so that all classes count alike, however many examples each has. */
  balanced: boolean;
}

export const DEFAULT_SOFTMAX: SoftmaxOptions = { c: 10, maxIterations: 150, tolerance: 1e-6, balanced: true };

export interface SoftmaxWeights {
  classes: number;
  features: number;
  /** Feature-major: weight of feature f for class k at f * classes + k. */
  weights: Float64Array;
  bias: Float64Array;
}

/** Class scores turned into probabilities in place. */
export function softmaxInPlace(z: Float64Array): void {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  for (let k = 0; k < z.length; k++) {
    z[k] = Math.exp(z[k]! - max);
    sum += z[k]!;
  }
  for (let k = 0; k < z.length; k++) z[k]! /= sum;
}

/** Class probabilities of one vector, with a fixed score per class added (the offset) if given. */
export function predict(model: SoftmaxWeights, x: SparseVector, offset?: Float64Array): Float64Array {
  const { classes, weights } = model;
  const z = Float64Array.from(model.bias);
  if (offset) for (let k = 0; k < classes; k++) z[k]! += offset[k]!;
  for (let j = 0; j < x.index.length; j++) {
    const base = x.index[j]! * classes;
    const v = x.value[j]!;
    for (let k = 0; k < classes; k++) z[k]! += v * weights[base + k]!;
  }
  softmaxInPlace(z);
  return z;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function trainSoftmax(
  rows: readonly SparseVector[],
  labels: Int32Array,
  classes: number,
  features: number,
  options: SoftmaxOptions,
  /**
   * Fixed scores per example and class (example-major), added before the softmax as an offset in a
   * generalised linear model: the weights learn what the offsets do not already say.
   */
  offsets?: Float64Array,
): SoftmaxWeights {
  const wSize = features * classes;
  const size = wSize + classes;
  const lambda = 1 / options.c;
  const counts = new Float64Array(classes);
  for (const y of labels) counts[y]!++;
  const sampleWeight = Float64Array.from(labels, (y) =>
    options.balanced ? rows.length / (classes * counts[y]!) : 1,
  );
  const z = new Float64Array(classes);

  // Objective (weighted cross-entropy plus L2 on the weights, not the bias) and its gradient.
  function objective(theta: Float64Array, grad: Float64Array): number {
    let loss = 0;
    for (let i = 0; i < wSize; i++) {
      const w = theta[i]!;
      loss += 0.5 * lambda * w * w;
      grad[i] = lambda * w;
    }
    for (let k = 0; k < classes; k++) grad[wSize + k] = 0;
    rows.forEach((x, i) => {
      for (let k = 0; k < classes; k++) z[k] = theta[wSize + k]! + (offsets?.[i * classes + k] ?? 0);
      for (let j = 0; j < x.index.length; j++) {
        const base = x.index[j]! * classes;
        const v = x.value[j]!;
        for (let k = 0; k < classes; k++) z[k]! += v * theta[base + k]!;
      }
      const y = labels[i]!;
      softmaxInPlace(z);
      loss -= sampleWeight[i]! * Math.log(Math.max(z[y]!, 1e-300));
      z[y]! -= 1;
      const s = sampleWeight[i]!;
      for (let k = 0; k < classes; k++) z[k]! *= s;
      for (let j = 0; j < x.index.length; j++) {
        const base = x.index[j]! * classes;
        const v = x.value[j]!;
        for (let k = 0; k < classes; k++) grad[base + k]! += v * z[k]!;
      }
      for (let k = 0; k < classes; k++) grad[wSize + k]! += z[k]!;
    });
    return loss;
  }

  const memory = 6;
  const theta = new Float64Array(size);
  let grad = new Float64Array(size);
  let f = objective(theta, grad);
  const sHist: Float64Array[] = [];
  const yHist: Float64Array[] = [];
  const rhoHist: number[] = [];
  const alpha = new Float64Array(memory);
  const direction = new Float64Array(size);
  const candidate = new Float64Array(size);
  let candidateGrad = new Float64Array(size);

  for (let iter = 0; iter < options.maxIterations; iter++) {
    // Two-loop recursion: direction = -H * grad.
    for (let i = 0; i < size; i++) direction[i] = -grad[i]!;
    for (let m = sHist.length - 1; m >= 0; m--) {
      alpha[m] = rhoHist[m]! * dot(sHist[m]!, direction);
      const y = yHist[m]!;
      const a = alpha[m]!;
      for (let i = 0; i < size; i++) direction[i]! -= a * y[i]!;
    }
    if (sHist.length > 0) {
      const last = sHist.length - 1;
      const gamma = dot(sHist[last]!, yHist[last]!) / dot(yHist[last]!, yHist[last]!);
      for (let i = 0; i < size; i++) direction[i]! *= gamma;
    }
    for (let m = 0; m < sHist.length; m++) {
      const b = rhoHist[m]! * dot(yHist[m]!, direction);
      const s = sHist[m]!;
      const a = alpha[m]! - b;
      for (let i = 0; i < size; i++) direction[i]! += a * s[i]!;
    }
    let slope = dot(grad, direction);
    if (!(slope < 0)) {
      // Not a descent direction (numerical trouble): restart from steepest descent.
      sHist.length = 0;
      yHist.length = 0;
      rhoHist.length = 0;
      for (let i = 0; i < size; i++) direction[i] = -grad[i]!;
      slope = dot(grad, direction);
    }
    if (slope === 0) break;
    // Backtracking line search with the Armijo condition.
    let step = sHist.length === 0 ? Math.min(1, 1 / Math.sqrt(-slope)) : 1;
    let fNew = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 30; tries++) {
      for (let i = 0; i < size; i++) candidate[i] = theta[i]! + step * direction[i]!;
      fNew = objective(candidate, candidateGrad);
      if (fNew <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew < f)) break;
    const s = new Float64Array(size);
    const y = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      s[i] = candidate[i]! - theta[i]!;
      y[i] = candidateGrad[i]! - grad[i]!;
    }
    theta.set(candidate);
    [grad, candidateGrad] = [candidateGrad, grad];
    const sy = dot(s, y);
    if (sy > 1e-12) {
      if (sHist.length === memory) {
        sHist.shift();
        yHist.shift();
        rhoHist.shift();
      }
      sHist.push(s);
      yHist.push(y);
      rhoHist.push(1 / sy);
    }
    const improvement = (f - fNew) / Math.max(Math.abs(fNew), 1);
    f = fNew;
    if (improvement < options.tolerance) break;
  }
  return { classes, features, weights: theta.slice(0, wSize), bias: theta.slice(wSize) };
}
