import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { FilteredSessions } from './filters.ts';

type Ctx = Pick<AppContext, 'db'>;
export type AnswerKind = 'answer' | 'nachfrage' | 'gpt' | 'skip';

/** One group of a block's answers rows (by block, kind and key) with its counts and sums. */
export interface Group {
  q: string;
  kind: AnswerKind;
  key: string | null;
  rows: number;
  respondents: number;
  n: number;
  sum: number;
  sumSquares: number;
  /** Bounds of value_num in the group: one number for a number answer's text (the chat stores String(n)). */
  num: number | null;
  top: number | null;
}

/**
 * Rows of the given blocks grouped by block, kind and a key column (the answer's text or its branch), in
 * the order of an index that leads with those (answers_value and answers_block, migration 0011), so each
 * block's rows are read once, in order, without a sort. Sums of value_num are asked only where a figure
 * needs them: they cost about as much as the scan.
 */
export async function answerGroups(
  ctx: Ctx,
  sessions: FilteredSessions,
  blockIds: readonly string[],
  kinds: readonly AnswerKind[],
  by: 'value' | 'month' | 'branch' | null,
  numbers: boolean,
): Promise<Group[]> {
  if (blockIds.length === 0) return [];
  // A date answer's text is its ISO date, so its first seven characters are the month.
  const key =
    by === 'value'
      ? sql.ref('a.value')
      : by === 'month'
        ? sql`substr(a.value, 1, 7)`
        : by === 'branch'
          ? sql.ref('a.branch')
          : null;
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
      sql<number | null>`${value('min(a.value_num)')}`.as('num'),
      sql<number | null>`${value('max(a.value_num)')}`.as('top'),
    ])
    .where('a.unique_question_id', 'in', blockIds)
    .where('a.kind', 'in', kinds)
    .where(sessions.has('a'))
    // By mode too, in the indexes' order (migration 0011): with both modes shown, each mode's rows are
    // one range, and their groups are added up below.
    .groupBy(
      key ? ['a.unique_question_id', 'a.mode', 'a.kind', key] : ['a.unique_question_id', 'a.mode', 'a.kind'],
    )
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
    num: r.num === null ? null : Number(r.num),
    top: r.top === null ? null : Number(r.top),
  }));
}
