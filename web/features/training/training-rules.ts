import { type Block, isEndNodeId } from '../../../contract/blocks.ts';
import { GOOD_EXAMPLES, MIN_EXAMPLES, NONE_BRANCH } from '../../../contract/training.ts';
import { blockTitle } from '../../lib/preview-text.ts';

/** A free-text block with branches: the blocks the training screen lists. */
export type TrainableBlock = Extract<Block, { type: 'open_text' }>;

export function trainableBlocks(blocks: readonly Block[]): TrainableBlock[] {
  return blocks
    .filter((b): b is TrainableBlock => b.type === 'open_text' && b.options.length > 0)
    .sort((a, b) => a.order - b.order);
}

/** The counter's hint level: fewer than MIN_EXAMPLES needs more, GOOD_EXAMPLES or more is good. */
export type CountLevel = 'more' | 'ok' | 'good';

export function countLevel(count: number): CountLevel {
  if (count < MIN_EXAMPLES) return 'more';
  if (count >= GOOD_EXAMPLES) return 'good';
  return 'ok';
}

/** How many examples are still missing for the level above the current one (0 when good). */
export function missingExamples(count: number): number {
  if (count < MIN_EXAMPLES) return MIN_EXAMPLES - count;
  return Math.max(0, GOOD_EXAMPLES - count);
}

/**
 * Whether 'Trainieren' can start: the server trains only when at least two branches ('keiner davon'
 * included) have examples (server/training/trainer.ts startTraining).
 */
export function canTrain(branches: readonly { examples: readonly unknown[] }[]): boolean {
  return branches.filter((b) => b.examples.length > 0).length >= 2;
}

/**
 * Examples a branch needs for the cross-validated metrics to mean something: the server deals each
 * branch's examples to the folds and classifies every example by a model trained without it, so the
 * only example of a branch is always judged by a model that never saw that branch (accuracy 0 %).
 */
export const MEASURE_MIN = 2;

/**
 * The branches of trained metrics with examples, but fewer than MEASURE_MIN (how many an expected
 * branch had: its row of the confusion matrix). Not empty: the accuracy and the matrix are not
 * meaningful. Branches without examples (a 'keiner davon' only predicted) do not count.
 */
export function tooFewToMeasure(confusion: Confusion): string[] {
  return confusion.labels.filter((_, i) => {
    const support = (confusion.matrix[i] ?? []).reduce((a, b) => a + b, 0);
    return support > 0 && support < MEASURE_MIN;
  });
}

export interface Confusion {
  labels: string[];
  matrix: number[][];
}

/** The confusion matrix with its labels in the block's order and 'keiner davon' last; unknown labels after. */
export function orderConfusion(confusion: Confusion, options: readonly string[]): Confusion {
  const order = [...options, NONE_BRANCH];
  const rank = (label: string) => {
    const i = order.indexOf(label);
    return i === -1 ? order.length : i;
  };
  const at = confusion.labels
    .map((_, i) => i)
    .sort((a, b) => rank(confusion.labels[a] ?? '') - rank(confusion.labels[b] ?? ''));
  return {
    labels: at.map((i) => confusion.labels[i] ?? ''),
    matrix: at.map((i) => at.map((j) => confusion.matrix[i]?.[j] ?? 0)),
  };
}

/**
 * Which of a branch's figures say something: recall needs examples of the branch, precision answers
 * routed to it ('keiner davon' without examples has neither; 0 % would read as a failure).
 */
export function measured(confusion: Confusion, branch: string): { precision: boolean; recall: boolean } {
  const i = confusion.labels.indexOf(branch);
  if (i === -1) return { precision: false, recall: false };
  const row = confusion.matrix[i] ?? [];
  const column = confusion.matrix.map((r) => r[i] ?? 0);
  const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);
  return { precision: sum(column) > 0, recall: sum(row) > 0 };
}

/** 0.873 -> '87 %' (German spacing), rounded to whole percent. */
export function percent(value: number, language = 'de'): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** Where a branch jumps: a block, the end of the dialog, or the next block. */
export type JumpTarget = { kind: 'next' } | { kind: 'end' } | { kind: 'block'; title: string };

export function jumpTarget(target: string | null, blocks: readonly Block[], language = 'de'): JumpTarget {
  if (target === null) return { kind: 'next' };
  if (isEndNodeId(target)) return { kind: 'end' };
  const block = blocks.find((b) => b.unique_question_id === target);
  return block ? { kind: 'block', title: blockTitle(block, language) } : { kind: 'next' };
}

/** A text the author may add as an example: not blank after trimming. */
export function cleanExample(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** The threshold slider's step: whole percent, whatever the stored threshold (e.g. 0.2875) is. */
export const THRESHOLD_STEP = 0.01;

/** A threshold on the slider's grid, without float noise: 0.33749999999999997 -> 0.34. */
export function roundThreshold(value: number): number {
  const rounded = Math.round(Math.min(1, Math.max(0, value)) / THRESHOLD_STEP) * THRESHOLD_STEP;
  return Number(rounded.toFixed(2));
}

/**
 * The message a refused example text shows at its field: the server's reason for a refused input (400,
 * or 409 for an example the branch has already), without the field name the validation puts first.
 * null for other failures, which the error alert reports.
 */
export function fieldError(failure: unknown): string | null {
  if (typeof failure !== 'object' || failure === null) return null;
  const { status, msg } = failure as { status?: unknown; msg?: unknown };
  if ((status !== 400 && status !== 409) || typeof msg !== 'string' || msg === '') return null;
  return msg.replace(/^text: /, '');
}
