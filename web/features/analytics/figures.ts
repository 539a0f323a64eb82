import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { BlockSummary, SurveySummaryResponse } from '../../../contract/analytics.ts';
import { formatNumber } from './format.ts';

export type DayCount = SurveySummaryResponse['per_day'][number];

/** At most this many days are filled in; a longer range is shown with the days that have data. */
const MAX_FILLED_DAYS = 400;

/**
 * The server lists only days with sessions; the chart shows every day from the first to the last, so
 * quiet days are visible as zero rather than skipped.
 */
export function fillDays(days: DayCount[]): DayCount[] {
  if (days.length < 2) return days;
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const byDay = new Map(sorted.map((d) => [d.day, d]));
  const filled: DayCount[] = [];
  const last = sorted[sorted.length - 1]!.day;
  for (let d = parseISO(sorted[0]!.day); filled.length <= MAX_FILLED_DAYS; d = addDays(d, 1)) {
    const key = format(d, 'yyyy-MM-dd');
    filled.push(byDay.get(key) ?? { day: key, started: 0, finished: 0 });
    if (key >= last) return filled;
  }
  return sorted;
}

/**
 * The drop-off rows: every block but the end, where nobody leaves and nothing is answered. Each keeps
 * its number in the dialog (1-based, counted before the end is left out, as the configurator counts).
 */
export const dropoffRows = (blocks: BlockSummary[]) =>
  blocks.map((b, i) => ({ ...b, number: i + 1 })).filter((b) => b.type !== 'end');

/** Characters of a block's name that fit beside a bar chart (its axis is 180 px wide). */
export const CHART_LABEL_CHARS = 22;

/**
 * A block's name on a chart axis: its number first, so a cut name still says which block it is, and
 * cut with an ellipsis where it would not fit (`max`); without `max` the whole name (tooltips, tables).
 */
export function blockChartLabel(block: { number: number; label: string }, max?: number): string {
  const name =
    max !== undefined && block.label.length > max
      ? `${block.label.slice(0, max - 1).trimEnd()}…`
      : block.label;
  return `${block.number}. ${name}`;
}

/** Blocks whose answers are options: they can be cross-tabulated and filtered by a bar. */
export const tabulable = (blocks: BlockSummary[]) =>
  blocks.filter((b) => b.result.kind === 'choice' || b.result.kind === 'likert');

/** A histogram bin's label, '10–20'; a bin of one number (from === to) just '7'. */
export function binLabel(bin: { from: number; to: number }, language?: string): string {
  const from = formatNumber(bin.from, 2, language);
  return bin.from === bin.to ? from : `${from}–${formatNumber(bin.to, 2, language)}`;
}
