import { sql } from 'kysely';
import type { BlockResult } from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { type AnswerStats, answerKind, type BlockStats } from './answer-stats.ts';
import type { AnalyticsBlock } from './blocks.ts';
import type { FilteredSessions } from './filters.ts';
import { medianAt } from './headline.ts';

type Ctx = Pick<AppContext, 'db'>;
export const HISTOGRAM_BINS = 10;

const NO_STATS: AnswerStats = { respondents: 0, rows: 0, n: 0, sum: 0, sumSquares: 0, min: null, max: null };

/** Answers per month (JJJJ-MM) of date blocks, over the filtered sessions. */
async function perMonth(ctx: Ctx, sessions: FilteredSessions, blockIds: readonly string[]) {
  const counts = new Map<string, { month: string; count: number }[]>();
  if (blockIds.length === 0) return counts;
  const month = sql<string>`substr(a.value, 1, 7)`;
  const rows = await ctx.db
    .selectFrom('answers as a')
    .select(['a.unique_question_id as q', month.as('month'), sql<number>`count(*)`.as('n')])
    .where('a.unique_question_id', 'in', blockIds)
    .where('a.kind', '=', 'answer')
    .where(sessions.has('a.session_id'))
    .groupBy(['a.unique_question_id', month])
    .orderBy('a.unique_question_id')
    .orderBy(month)
    .execute();
  for (const r of rows) {
    const list = counts.get(r.q) ?? [];
    list.push({ month: r.month, count: Number(r.n) });
    counts.set(r.q, list);
  }
  return counts;
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

async function numberResult(
  ctx: Ctx,
  sessions: FilteredSessions,
  blockId: string,
  s: AnswerStats,
): Promise<BlockResult> {
  const numbers = () =>
    ctx.db
      .selectFrom('answers as a')
      .where('a.unique_question_id', '=', blockId)
      .where('a.kind', '=', 'answer')
      .where('a.value_num', 'is not', null)
      .where(sessions.has('a.session_id'));
  const median = await medianAt(s.n, async (offset, limit) => {
    const rows = await numbers()
      .select('a.value_num')
      .orderBy('a.value_num')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => Number(r.value_num));
  });
  const histogram: { from: number; to: number; count: number }[] = [];
  if (s.min !== null && s.max !== null) {
    const bins = s.max > s.min ? HISTOGRAM_BINS : 1;
    const width = (s.max - s.min) / bins;
    for (let i = 0; i < bins; i++) {
      histogram.push({
        from: s.min + i * width,
        to: i === bins - 1 ? s.max : s.min + (i + 1) * width,
        count: 0,
      });
    }
    // The last bin includes max: its index would be `bins`. The bounds are numbers the database just
    // returned, written as literals (in parentheses, a minus sign stays a sign): SQLite groups by an
    // alias only if its expression has no bound parameter.
    const lit = (x: number) => sql`(${sql.lit(x)})`;
    const bin =
      bins === 1
        ? sql<number>`0`
        : sql<number>`case when a.value_num >= ${lit(s.max)} then ${lit(bins - 1)}
            else floor((a.value_num - ${lit(s.min)}) / ${lit(width)}) end`;
    const rows = await numbers()
      .select([bin.as('bin'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`bin`)
      .execute();
    for (const r of rows) {
      const entry = histogram[Math.min(bins - 1, Math.max(0, Number(r.bin)))];
      if (entry) entry.count += Number(r.n);
    }
  }
  return {
    kind: 'number',
    respondents: s.respondents,
    min: s.min,
    max: s.max,
    mean: s.n === 0 ? null : s.sum / s.n,
    median,
    histogram,
  };
}

const isoDate = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));

/** The result of every block (in the given order) over the filtered sessions. */
export async function blockResults(
  ctx: Ctx,
  sessions: FilteredSessions,
  blocks: readonly AnalyticsBlock[],
  stats: BlockStats,
): Promise<Map<string, BlockResult>> {
  const dates = blocks.filter((b) => b.kind === 'date').map((b) => b.block.unique_question_id);
  const months = await perMonth(ctx, sessions, dates);
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
      const options = optionCounts(scale, counts, s.respondents).map((o) => {
        const i = scale.indexOf(o.label);
        return { ...o, score: i === -1 ? 0 : block.inverse === 1 ? scale.length - i : i + 1 };
      });
      results.set(id, {
        kind,
        respondents: s.respondents,
        options,
        not_applicable: notApplicable,
        inverse: block.inverse === 1,
        ...meanSd(s),
      });
    } else if (kind === 'number') {
      results.set(id, await numberResult(ctx, sessions, id, s));
    } else if (kind === 'date') {
      results.set(id, {
        kind,
        respondents: s.respondents,
        earliest: isoDate(s.min),
        latest: isoDate(s.max),
        per_month: months.get(id) ?? [],
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
