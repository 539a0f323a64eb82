import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { medianAt } from '../median.ts';
import type { FilteredSessions } from './filters.ts';

/** Per block: the sessions it was shown to, the sessions that left there, the median time to answer. */

type Ctx = Pick<AppContext, 'db'>;

/**
 * Sessions shown each block (a bot message of the block) among the filtered sessions. It reads the
 * index chat_messages_block (block, mode, session) in order, so counting distinct sessions needs no sort.
 */
export async function reached(ctx: Ctx, sessions: FilteredSessions, blockIds: readonly string[]) {
  const counts = new Map<string, number>();
  if (blockIds.length === 0) return counts;
  const rows = await ctx.db
    .selectFrom('chat_messages as m')
    .select(['m.unique_question_id as q', sql<number>`count(distinct m.session_id)`.as('n')])
    .where('m.unique_question_id', 'in', blockIds)
    // A literal, not a parameter: only then may SQLite use the partial index chat_messages_block.
    .where(sql<SqlBool>`m.user_or_bot = 'bot'`)
    .where(sessions.has('m'))
    // By mode too, in the index's order: a session has one mode, so the counts add up.
    .groupBy(['m.unique_question_id', 'm.mode'])
    .execute();
  for (const r of rows) if (r.q !== null) counts.set(r.q, (counts.get(r.q) ?? 0) + Number(r.n));
  return counts;
}

/**
 * Unfinished filtered sessions per block of their last message: the sessions' last_block (migration
 * 0010) along the partial index chat_sessions_left.
 */
export async function left(ctx: Ctx, sessions: FilteredSessions) {
  const counts = new Map<string, number>();
  const rows = await ctx.db
    .selectFrom('chat_sessions as s')
    .select(['s.last_block as q', sql<number>`count(*)`.as('n')])
    .where(sessions.sessions)
    .where('s.finished_at', 'is', null)
    .groupBy('s.last_block')
    .execute();
  for (const r of rows) if (r.q !== null) counts.set(r.q, Number(r.n));
  return counts;
}

/**
 * Median over the sessions that answered the block of the time from its first bot message to the first
 * answer (answers.wait_ms, set on that row). respondents: how many such rows pass the filters
 * (blockStats), so the query walks the index answers_wait in order and returns only the middle.
 */
export function timeMedian(
  ctx: Ctx,
  sessions: FilteredSessions,
  blockId: string,
  respondents: number,
): Promise<number | null> {
  return medianAt(respondents, async (offset, limit) => {
    const rows = await ctx.db
      .selectFrom('answers as a')
      .select('a.wait_ms')
      .where('a.unique_question_id', '=', blockId)
      .where('a.wait_ms', 'is not', null)
      .where(sessions.has('a'))
      .orderBy('a.wait_ms')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => Number(r.wait_ms));
  });
}
