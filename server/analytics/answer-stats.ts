import type { AppContext } from '../context.ts';
import type { AnalyticsBlock, ResultKind } from './blocks.ts';
import { type AnswerKind, answerGroups, type Group } from './queries/answer-groups.ts';
import type { FilteredSessions } from './queries/filters.ts';

type Ctx = Pick<AppContext, 'db'>;

/** A block's answers rows of one kind, over the filtered sessions. */
export interface AnswerStats {
  /** Distinct sessions (for follow-ups 0: they are counted by rows). */
  respondents: number;
  rows: number;
  /** Rows with a value_num (Likert scores without 'keine Angabe', numbers, dates). */
  n: number;
  sum: number;
  sumSquares: number;
  min: number | null;
  max: number | null;
}

export interface BlockStats {
  /** Per block and kind. */
  byKind: Map<string, Partial<Record<AnswerKind, AnswerStats>>>;
  /** Answers per option label (choice and Likert blocks) or per month (date blocks, JJJJ-MM). */
  values: Map<string, Map<string, number>>;
  /** Answers per branch (null: 'keiner davon'), text blocks. */
  branches: Map<string, Map<string | null, number>>;
  /** Answers per value (number blocks), in ascending order of the value. */
  numbers: Map<string, [value: number, count: number][]>;
}

function add(into: AnswerStats | undefined, g: Group): AnswerStats {
  const min = g.n > 0 ? g.num : null;
  const max = g.n > 0 ? g.top : null;
  if (!into) {
    const { respondents, rows, n, sum, sumSquares } = g;
    return { respondents, rows, n, sum, sumSquares, min, max };
  }
  const bound = (a: number | null, b: number | null, pick: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : pick(a, b);
  return {
    respondents: into.respondents + g.respondents,
    rows: into.rows + g.rows,
    n: into.n + g.n,
    sum: into.sum + g.sum,
    sumSquares: into.sumSquares + g.sumSquares,
    min: bound(into.min, min, Math.min),
    max: bound(into.max, max, Math.max),
  };
}

/**
 * Every per-block figure built on counts: choice and Likert answers per option with the Likert scores,
 * numbers and dates per value, text answers per branch, follow-ups. Each block's answers are read in
 * one pass: a number answer's text determines its value_num (the chat stores String(n)), so the groups
 * by text carry each value with its count, and the median, histogram and bounds come from those groups
 * instead of passes of their own; dates are counted per month with their bounds.
 */
export async function blockStats(
  ctx: Ctx,
  sessions: FilteredSessions,
  blocks: readonly AnalyticsBlock[],
): Promise<BlockStats> {
  const ids = (...kinds: ResultKind[]) =>
    blocks.filter((b) => kinds.includes(b.kind)).map((b) => b.block.unique_question_id);
  const counted = [
    ...(await answerGroups(ctx, sessions, ids('choice'), ['answer'], 'value', false)),
    ...(await answerGroups(ctx, sessions, ids('likert', 'number'), ['answer'], 'value', true)),
    // Dates by month, not by day: a sort, but a few hundred groups instead of one per day answered.
    ...(await answerGroups(ctx, sessions, ids('date'), ['answer'], 'month', true)),
    ...(await answerGroups(ctx, sessions, ids('text'), ['answer', 'gpt'], 'branch', false)),
    ...(await answerGroups(
      ctx,
      sessions,
      ids('choice', 'likert', 'number', 'date', 'text'),
      ['nachfrage'],
      null,
      false,
    )),
    // Skipped optional questions: counted apart, never among the answers.
    ...(await answerGroups(
      ctx,
      sessions,
      ids('choice', 'likert', 'number', 'date', 'text'),
      ['skip'],
      null,
      false,
    )),
  ];
  const stats: BlockStats = { byKind: new Map(), values: new Map(), branches: new Map(), numbers: new Map() };
  const kindOf = new Map(blocks.map((b) => [b.block.unique_question_id, b.kind]));
  for (const g of counted) {
    const entry = stats.byKind.get(g.q) ?? {};
    entry[g.kind] = add(entry[g.kind], g);
    stats.byKind.set(g.q, entry);
    if (g.kind === 'nachfrage' || g.kind === 'skip') continue;
    const kind = kindOf.get(g.q);
    if (kind === 'number') {
      if (g.num === null || g.n === 0) continue;
      const list = stats.numbers.get(g.q) ?? [];
      list.push([g.num, g.n]);
      stats.numbers.set(g.q, list);
    } else if (kind === 'text') {
      const counts = stats.branches.get(g.q) ?? new Map<string | null, number>();
      counts.set(g.key, (counts.get(g.key) ?? 0) + g.rows);
      stats.branches.set(g.q, counts);
    } else if (g.key !== null) {
      const counts = stats.values.get(g.q) ?? new Map<string, number>();
      counts.set(g.key, (counts.get(g.key) ?? 0) + g.rows);
      stats.values.set(g.q, counts);
    }
  }
  for (const list of stats.numbers.values()) list.sort((a, b) => a[0] - b[0]);
  return stats;
}

/** The rows that count as a block's answer: a gpt block's conversation, every other block's answer. */
export const answerKind = (type: string) => (type === 'gpt' ? 'gpt' : 'answer');
