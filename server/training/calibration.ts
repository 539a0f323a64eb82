/**
 * When an answer goes to 'keiner davon' although a branch ranks first: the none decision, a rule chosen
 * by cross-validation on the training splits of the German and English sets (bench/nlu-de.ts and
 * bench/nlu-corpora.ts with --cv; README Benchmarks). With enough examples of the none class it is an
 * ordinary class: the best-ranked label is taken (the threshold stays as a floor, the author's slider
 * moves it), unless the model knows nothing of the answer. With few or no none examples the class
 * cannot be learned, and a margin and a higher threshold for answers known only by their form stand in.
 *
 * Cross-validated micro accuracy (German, 5 seeds) and micro F1 (English, 10 seeds) of the rules tried:
 * familiarity, threshold and margin everywhere (before) 0.4700 / 0.9514; the best-ranked label always
 * 0.5187 / 0.9399; familiarity without threshold 0.4783 / 0.9464; the best-ranked label unless the model knows nothing
 * of the answer 0.5191 / 0.9399 (adopted with enough none examples, as the guard costs nothing); the rule chosen per block from the
 * block's own 5-fold cross-validation, among 80 threshold, margin and familiarity settings 0.5065 /
 * 0.9426, among the two rules above 0.5109 / 0.9421 (with a handful of examples the per-block estimate
 * is noise). The German sets have 8-10 none examples per block, the English ones 2-3.
 */

export interface Thresholds {
  /** Below this probability of the best branch the answer takes the none branch. */
  threshold: number;
  /** ... and also when the best branch leads the second by less than this. */
  margin: number;
}

/**
 * How much of an answer the model knows (classifier.ts): 'content' when one of its content words is
 * known (or a typo of one that points to the winning branch), 'form' when it only shares function words
 * or most of its character n-grams with the examples, else 'none'.
 */
export type Familiarity = 'content' | 'form' | 'none';

/** Examples of the none class from which on it is an ordinary class (see above). */
export const MIN_NONE_EXAMPLES = 5;

export interface Decision extends Thresholds {
  /**
   * Whether an answer known only by its form needs formThreshold. An answer the model does not know at
   * all ('none': gibberish, the empty answer) is turned away by every decision.
   */
  strictForm: boolean;
}

/**
 * Default thresholds for a model with this many labels: the best
 * branch must be a twentieth of the way from chance (1 / labels) to certainty, so a block with 2
 * branches needs 0.525 and one with 64 needs 0.065 (few-shot samples of the English corpora: 0.917
 * routed with no margin, 0.910 with one; a tenth of the way instead of a twentieth: 0.903). With a few
 * none examples the best must also lead the second by 0.02: such near ties were mostly none answers
 * under cross-validation of the English corpora.
 */
export function defaultThresholds(labels: number, noneExamples = false): Thresholds {
  const chance = 1 / Math.max(labels, 1);
  return { threshold: chance + 0.05 * (1 - chance), margin: noneExamples ? 0.02 : 0 };
}

/**
 * The confidence an answer the model knows only by its form needs: half-way from the threshold to
 * certainty. Such answers were routed right when the model was sure ('harthaus to hackerbrücke': 0.99)
 * and wrong when it was not ('Das Wetter ist schön': 0.62 for a price branch).
 */
export const formThreshold = (threshold: number) => (1 + threshold) / 2;

/** Whether the best branch is too unsure to be taken. */
export function unsure(decision: Decision, best: number, second: number, known: Familiarity): boolean {
  const { threshold, margin, strictForm } = decision;
  if (known === 'none') return true;
  return (
    best < (strictForm && known === 'form' ? formThreshold(threshold) : threshold) || best - second < margin
  );
}

/**
 * The highest threshold at which `unsure` still takes the best branch (-1: none does, as the answer is
 * unknown or the margin is not reached). The author's slider moves only the threshold, so the screen
 * tells for every slider position whether an example is routed (threshold <= limit) without the model.
 */
export function routeLimit(decision: Decision, best: number, second: number, known: Familiarity): number {
  if (known === 'none' || best - second < decision.margin) return -1;
  // best >= formThreshold(t) exactly when t <= 2 * best - 1.
  return decision.strictForm && known === 'form' ? 2 * best - 1 : best;
}

/** The none decision of a block with this many labels and examples of the none class (see above). */
export function noneDecision(labels: number, noneExamples: number): Decision {
  const { threshold, margin } = defaultThresholds(labels, noneExamples > 0);
  if (noneExamples >= MIN_NONE_EXAMPLES) return { threshold, margin: 0, strictForm: false };
  return { threshold, margin, strictForm: true };
}
