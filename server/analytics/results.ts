import type { BlockResult } from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL, likertScore } from '../../contract/blocks.ts';
import { type AnswerStats, answerKind, type BlockStats } from './answer-stats.ts';
import type { AnalyticsBlock } from './blocks.ts';

export const HISTOGRAM_BINS = 10;

const NO_STATS: AnswerStats = { respondents: 0, rows: 0, n: 0, sum: 0, sumSquares: 0, min: null, max: null };

/** Answers per month (JJJJ-MM), in order. */
function perMonth(months: Map<string, number> | undefined) {
  return [...(months ?? [])]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, count]) => ({ month, count }));
}

const share = (count: number, of: number) => (of === 0 ? 0 : count / of);

/** Options in the block's order, then labels answered earlier that the block no longer offers. */
function optionCounts(options: readonly string[], counts: Map<string, number>, respondents: number) {
  const labels = [
    ...options,
    ...[...counts.keys()].filter((k): k is string => k !== null && !options.includes(k)),
  ];
  return labels.map((label) => {
    const count = counts.get(label) ?? 0;
    return { label, count, share: share(count, respondents) };
  });
}

/** Mean and sample standard deviation (n - 1: the respondents are a sample of everybody asked). */
function meanSd(s: AnswerStats) {
  if (s.n === 0) return { mean: null, sd: null };
  const mean = s.sum / s.n;
  const variance = s.n > 1 ? Math.max(0, (s.sumSquares - s.n * mean * mean) / (s.n - 1)) : null;
  return { mean, sd: variance === null ? null : Math.sqrt(variance) };
}

/** The value at rank k (0-based) of a multiset given as ascending [value, count] pairs. */
function valueAt(values: readonly [number, number][], k: number): number | null {
  let seen = 0;
  for (const [value, count] of values) {
    seen += count;
    if (k < seen) return value;
  }
  return null;
}

/** The median of a multiset given as ascending [value, count] pairs (the mean of the middle two). */
export function weightedMedian(values: readonly [number, number][]): number | null {
  const n = values.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  const low = valueAt(values, Math.floor((n - 1) / 2));
  const high = valueAt(values, Math.floor(n / 2));
  return low === null || high === null ? null : (low + high) / 2;
}

/** Decimal places of a number as JavaScript writes it shortest ('2.4' 1, '1e-7' 7, '1.5e+21' 0). */
export function decimalPlaces(x: number): number {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(x)));
  if (!m) return 0;
  return Math.max(0, (m[2]?.length ?? 0) - Number(m[3] ?? 0));
}

/** Most decimals a bin bound gets: beyond that, answers are measurements, not typed numbers. */
const MAX_BOUND_DECIMALS = 10;

/**
 * Ten bins of equal width from min to max (one if all values are equal); the last bin includes max.
 * The bounds are computed in integers of the values' finest decimal unit (one place more, so that a
 * tenth of the range is whole), so they carry no float noise: 1 to 2.4 gives 1.14, 1.28, …, not
 * 2.4000000000000004.
 */
export function histogram(values: readonly [number, number][], min: number | null, max: number | null) {
  if (min === null || max === null) return [];
  if (!(max > min)) {
    return [{ from: min, to: max, count: values.reduce((n, [, count]) => n + count, 0) }];
  }
  const bins = HISTOGRAM_BINS;
  let places = Math.min(
    MAX_BOUND_DECIMALS,
    Math.max(decimalPlaces(min), decimalPlaces(max), ...values.map(([v]) => decimalPlaces(v))) + 1,
  );
  // Integers stay exact up to 2^53: large values get fewer places (at worst whole numbers).
  while (places > 0 && Math.max(Math.abs(min), Math.abs(max)) * 10 ** places > Number.MAX_SAFE_INTEGER) {
    places--;
  }
  const scale = 10 ** places;
  const units = (x: number) => Math.round(x * scale);
  const low = units(min);
  const span = units(max) - low;
  const bound = (i: number) => low + Math.round((i * span) / bins);
  const result = Array.from({ length: bins }, (_, i) => ({
    from: i === 0 ? min : bound(i) / scale,
    to: i === bins - 1 ? max : bound(i + 1) / scale,
    count: 0,
  }));
  for (const [value, count] of values) {
    const v = units(value);
    let i = Math.min(bins - 1, Math.max(0, Math.floor(((v - low) * bins) / span)));
    // The rounded bounds decide: a value on a bound belongs to the bin that starts there.
    while (i > 0 && v < bound(i)) i--;
    while (i < bins - 1 && v >= bound(i + 1)) i++;
    result[i]!.count += count;
  }
  return result;
}

/**
 * Bins of whole numbers for a whole-number block: at most ten of equal width, each holding the whole
 * numbers from `from` to `to`, both included (45–290, 291–536, …; the last ends at max). The width is
 * the number of whole numbers from min to max over ten, rounded up: 1 to 5 is five bins of one number.
 * Null when a value or a bound is no safe whole number (an answer given before the block took only
 * whole numbers): then the bins of histogram() apply.
 */
export function integerHistogram(
  values: readonly [number, number][],
  min: number | null,
  max: number | null,
): { from: number; to: number; count: number }[] | null {
  if (min === null || max === null) return [];
  const whole = (x: number) => Number.isSafeInteger(x);
  if (!whole(min) || !whole(max) || !whole(max - min + 1) || !values.every(([v]) => whole(v))) return null;
  const width = Math.ceil((max - min + 1) / HISTOGRAM_BINS);
  const bins = Math.ceil((max - min + 1) / width);
  const result = Array.from({ length: bins }, (_, i) => ({
    from: min + i * width,
    to: Math.min(max, min + (i + 1) * width - 1),
    count: 0,
  }));
  for (const [value, count] of values) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor((value - min) / width)));
    result[i]!.count += count;
  }
  return result;
}

function numberResult(s: AnswerStats, values: readonly [number, number][], integer: boolean): BlockResult {
  return {
    kind: 'number',
    respondents: s.respondents,
    min: s.min,
    max: s.max,
    mean: s.n === 0 ? null : s.sum / s.n,
    median: weightedMedian(values),
    histogram: (integer ? integerHistogram(values, s.min, s.max) : null) ?? histogram(values, s.min, s.max),
  };
}

const isoDate = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));

/** The result of every block (in the given order) over the filtered sessions. */
export function blockResults(blocks: readonly AnalyticsBlock[], stats: BlockStats): Map<string, BlockResult> {
  const results = new Map<string, BlockResult>();
  for (const { block, kind } of blocks) {
    const id = block.unique_question_id;
    const s = stats.byKind.get(id)?.[answerKind(block.type)] ?? NO_STATS;
    const counts = new Map(stats.values.get(id));
    if (kind === 'choice') {
      results.set(id, {
        kind,
        respondents: s.respondents,
        options: optionCounts(block.options, counts, s.respondents),
      });
    } else if (kind === 'likert') {
      const scale = block.options;
      const notApplicable = counts.get(LIKERT_NA_LABEL) ?? 0;
      counts.delete(LIKERT_NA_LABEL);
      const options = optionCounts(scale, counts, s.respondents).map((o) => ({
        ...o,
        score: likertScore(scale, block.inverse, o.label) ?? 0,
      }));
      results.set(id, {
        kind,
        respondents: s.respondents,
        options,
        not_applicable: notApplicable,
        inverse: block.inverse === 1,
        ...meanSd(s),
      });
    } else if (kind === 'number') {
      const integer = block.type === 'number' && block.integer === 1;
      results.set(id, numberResult(s, stats.numbers.get(id) ?? [], integer));
    } else if (kind === 'date') {
      results.set(id, {
        kind,
        respondents: s.respondents,
        earliest: isoDate(s.min),
        latest: isoDate(s.max),
        per_month: perMonth(stats.values.get(id)),
      });
    } else if (kind === 'text') {
      const byBranch = [...(stats.branches.get(id) ?? [])]
        .map(([branch, count]) => ({ branch, count }))
        .sort((a, b) => b.count - a.count);
      results.set(id, {
        kind,
        respondents: s.respondents,
        answers: s.rows,
        branches: block.options.length > 0 || block.type === 'qa' ? byBranch : [],
      });
    } else {
      results.set(id, { kind: 'none' });
    }
  }
  return results;
}
