import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { AnalyticsBlock } from './blocks.ts';
import type { FilteredSessions } from './filters.ts';

type Ctx = Pick<AppContext, 'db'>;
type Kind = 'answer' | 'nachfrage' | 'gpt';

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
  byKind: Map<string, Partial<Record<Kind, AnswerStats>>>;
  /** Answers per option label (choice and Likert blocks). */
  values: Map<string, Map<string, number>>;
  /** Answers per branch (null: 'keiner davon'), blocks other than choice and Likert. */
  branches: Map<string, Map<string | null, number>>;
}

interface Group extends AnswerStats {
  q: string;
  kind: Kind;
  key: string | null;
}

/**
 * Rows of the given blocks grouped by block, kind and a key column (option label, branch, or none), in
 * the order of an index that leads with those and covers every aggregate (answers_value and
 * answers_block, migration 0006), so each block's rows are read once, in order, without a sort. Sums and
 * bounds of value_num are asked only where a figure needs them: they cost as much as the scan.
 */
async function groups(
  ctx: Ctx,
  sessions: FilteredSessions,
  blockIds: readonly string[],
  kinds: readonly Kind[],
  by: 'value' | 'branch' | null,
  numbers: boolean,
): Promise<Group[]> {
  if (blockIds.length === 0) return [];
  const key = by === 'value' ? sql.ref('a.value') : by === 'branch' ? sql.ref('a.branch') : null;
  const value = (aggregate: string) => (numbers ? sql.raw(aggregate) : sql`null`);
  const rows = await ctx.db
    .selectFrom('answers as a')
    .select([
      'a.unique_question_id as q',
      'a.kind',
      sql<string | null>`${key ?? sql`null`}`.as('k'),
      sql<number>`count(*)`.as('rows'),
      // wait_ms is set on exactly one row per session: its first answer to the block (migration 0006).
      sql<number>`count(a.wait_ms)`.as('respondents'),
      sql<number | null>`${value('count(a.value_num)')}`.as('n'),
      sql<number | null>`${value('sum(a.value_num)')}`.as('sum'),
      sql<number | null>`${value('sum(a.value_num * a.value_num)')}`.as('sum_squares'),
      sql<number | null>`${value('min(a.value_num)')}`.as('min'),
      sql<number | null>`${value('max(a.value_num)')}`.as('max'),
    ])
    .where('a.unique_question_id', 'in', blockIds)
    .where('a.kind', 'in', kinds)
    .where(sessions.has('a.session_id'))
    .groupBy(key ? ['a.unique_question_id', 'a.kind', key] : ['a.unique_question_id', 'a.kind'])
    .execute();
  return rows.map((r) => ({
    q: r.q,
    kind: r.kind,
    key: r.k,
    rows: Number(r.rows),
    respondents: Number(r.respondents),
    n: Number(r.n ?? 0),
    sum: Number(r.sum ?? 0),
    sumSquares: Number(r.sum_squares ?? 0),
    min: r.min === null ? null : Number(r.min),
    max: r.max === null ? null : Number(r.max),
  }));
}

function add(into: AnswerStats | undefined, g: AnswerStats): AnswerStats {
  if (!into) return { ...g };
  const bound = (a: number | null, b: number | null, pick: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : pick(a, b);
  return {
    respondents: into.respondents + g.respondents,
    rows: into.rows + g.rows,
    n: into.n + g.n,
    sum: into.sum + g.sum,
    sumSquares: into.sumSquares + g.sumSquares,
    min: bound(into.min, g.min, Math.min),
    max: bound(into.max, g.max, Math.max),
  };
}

/**
 * Every per-block figure built on counts, sums and bounds: choice and Likert answers per option,
 * Likert scores, numbers and dates, text answers per branch, follow-ups.
 */
export async function blockStats(
  ctx: Ctx,
  sessions: FilteredSessions,
  blocks: readonly AnalyticsBlock[],
): Promise<BlockStats> {
  const ids = (...kinds: AnalyticsBlock['kind'][]) =>
    blocks.filter((b) => kinds.includes(b.kind)).map((b) => b.block.unique_question_id);
  const optionIds = new Set(ids('choice', 'likert'));
  const counted = [
    ...(await groups(ctx, sessions, [...optionIds], ['answer'], 'value', false)),
    ...(await groups(ctx, sessions, ids('text'), ['answer', 'gpt'], 'branch', false)),
    ...(await groups(ctx, sessions, ids('number', 'date'), ['answer'], null, true)),
    ...(await groups(
      ctx,
      sessions,
      ids('choice', 'likert', 'number', 'date', 'text'),
      ['nachfrage'],
      null,
      false,
    )),
  ];
  // Likert scores in a pass of their own per block: the pass by option label above only counts.
  const scores = new Map(
    (await groups(ctx, sessions, ids('likert'), ['answer'], null, true)).map((g) => [g.q, g]),
  );
  const stats: BlockStats = { byKind: new Map(), values: new Map(), branches: new Map() };
  const textIds = new Set(ids('text'));
  for (const g of counted) {
    const entry = stats.byKind.get(g.q) ?? {};
    entry[g.kind] = add(entry[g.kind], g);
    stats.byKind.set(g.q, entry);
    if (g.kind === 'nachfrage') continue;
    const keyed = optionIds.has(g.q) ? stats.values : textIds.has(g.q) ? stats.branches : null;
    const counts = keyed?.get(g.q) ?? new Map();
    counts.set(g.key, g.rows);
    keyed?.set(g.q, counts);
  }
  for (const [q, g] of scores) {
    const answer = stats.byKind.get(q)?.answer;
    if (answer)
      Object.assign(answer, { n: g.n, sum: g.sum, sumSquares: g.sumSquares, min: g.min, max: g.max });
  }
  return stats;
}

/** The rows that count as a block's answer: a gpt block's conversation, every other block's answer. */
export const answerKind = (type: string) => (type === 'gpt' ? 'gpt' : 'answer');
