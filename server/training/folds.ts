/** Seeded shuffles and stratified folds, shared by cross-validation (evaluate.ts) and calibration. */

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The fold of each example for stratified k-fold cross-validation: each label's examples are shuffled
 * (seeded) and dealt to the folds in turn, so every fold has about the same share of every label.
 */
export function stratifiedFolds(labels: readonly string[], k: number, seed: number): Int32Array {
  const folds = Math.max(2, Math.min(Math.floor(k), labels.length));
  const next = random(seed);
  const fold = new Int32Array(labels.length);
  const byLabel = new Map<string, number[]>();
  labels.forEach((label, i) => {
    const list = byLabel.get(label);
    if (list) list.push(i);
    else byLabel.set(label, [i]);
  });
  let dealt = 0;
  for (const label of [...byLabel.keys()].sort()) {
    for (const i of shuffled(byLabel.get(label)!, next)) fold[i] = dealt++ % folds;
  }
  return fold;
}
