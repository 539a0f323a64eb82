import { sql } from 'kysely';
import type { Headline } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { medianAt } from '../median.ts';
import { type FilteredSessions, hiddenByModeFilter } from './filters.ts';

/** The headline figures and sessions per day, on the filtered sessions (analytics/summary.ts). */

type Ctx = Pick<AppContext, 'db'>;
const DAY_MS = 86_400_000;

export async function headline(ctx: Ctx, sessions: FilteredSessions): Promise<Headline> {
  const { surveyIds, filters: f } = sessions;
  const where = sessions.sessions;
  const row = await ctx.db
    .selectFrom('chat_sessions as s')
    .select([
      sql<number>`count(*)`.as('started'),
      sql<number>`count(s.finished_at)`.as('finished'),
      sql<number | null>`avg(s.finished_at - s.started_at)`.as('mean'),
    ])
    .where(where)
    .executeTakeFirstOrThrow();
  const hidden = await ctx.db
    .selectFrom('chat_sessions as s')
    .select(sql<number>`count(*)`.as('n'))
    .where(hiddenByModeFilter(surveyIds, f))
    .executeTakeFirstOrThrow();
  const started = Number(row.started);
  const finished = Number(row.finished);
  const median = await medianAt(finished, async (offset, limit) => {
    const rows = await ctx.db
      .selectFrom('chat_sessions as s')
      .select(sql<number>`s.finished_at - s.started_at`.as('d'))
      .where(where)
      .where('s.finished_at', 'is not', null)
      .orderBy('d')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => Number(r.d));
  });
  return {
    started,
    finished,
    completion_rate: started === 0 ? null : finished / started,
    duration_median_ms: median,
    duration_mean_ms: row.mean === null ? null : Number(row.mean),
    hidden_other_mode: Number(hidden.n),
  };
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Sessions started and finished per day of the author's time zone, both counted on the day they started. */
export async function perDay(ctx: Ctx, sessions: FilteredSessions) {
  const shift = sessions.filters.tz_offset_minutes * 60_000;
  const rows = await ctx.db
    .selectFrom('chat_sessions as s')
    .select([
      // Integer division: timestamps (after 1970) plus the offset are positive, so it is the floor. The
      // offset is a validated integer, written as a literal: SQLite groups by an alias only if its
      // expression has no bound parameter.
      sql<number>`(s.started_at + ${sql.lit(shift)}) / ${sql.lit(DAY_MS)}`.as('day'),
      sql<number>`count(*)`.as('started'),
      sql<number>`count(s.finished_at)`.as('finished'),
    ])
    .where(sessions.sessions)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: isoDay(Number(r.day)),
    started: Number(r.started),
    finished: Number(r.finished),
  }));
}
