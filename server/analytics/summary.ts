import type { AnalyticsFilters, BlockSummary, SurveySummaryResponse } from '../../contract/analytics.ts';
import type { AppContext } from '../context.ts';
import type { SurveyRow } from '../sharing/permissions.ts';
import { answerKind, blockStats } from './answer-stats.ts';
import { type AnalyticsBlock, analyticsBlocks, takesInput } from './blocks.ts';
import { reachedAndLeft, timeMedian } from './dropoff.ts';
import { withFilteredSessions } from './filters.ts';
import { headline, perDay } from './headline.ts';
import { blockResults } from './results.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;
type Reads = Pick<AppContext, 'db' | 'dbKind'>;

/** Every per-block figure of the given blocks: counts, results and median times to answer. */
function blockPass(reads: Reads, ids: number[], f: AnalyticsFilters, blocks: readonly AnalyticsBlock[]) {
  return withFilteredSessions(reads, ids, f, async (db, sessions) => {
    const tx = { db };
    const stats = await blockStats(tx, sessions, blocks);
    const results = await blockResults(tx, sessions, blocks, stats);
    const times = new Map<string, number | null>();
    for (const b of blocks) {
      const id = b.block.unique_question_id;
      const own = takesInput(b) ? stats.byKind.get(id)?.[answerKind(b.block.type)] : undefined;
      if (own) times.set(id, await timeMedian(tx, sessions, id, own.respondents));
    }
    return { stats, results, times };
  });
}

/**
 * POST /api/analytics/summary: headline figures, drop-off and results per block, and sessions per day.
 * The blocks' figures are independent of each other and of the drop-off: three passes (every other
 * block, the rest, the drop-off with the headline) each run in a transaction of their own on ctx.reads
 * (on SQLite a worker each, read-pool.ts; on PostgreSQL a pooled connection each), so they run at the
 * same time and the event loop stays free.
 */
export async function surveySummary(
  ctx: Ctx,
  survey: Pick<SurveyRow, 'id' | 'survey_id' | 'survey_name'>,
  f: AnalyticsFilters,
): Promise<SurveySummaryResponse> {
  const ids = [survey.id];
  const blocks = await analyticsBlocks(ctx, survey);
  const blockIds = blocks.map((b) => b.block.unique_question_id);
  const reads = { db: ctx.reads, dbKind: ctx.dbKind };
  const inputs = blocks.filter(takesInput);
  const [even, odd, dropoff] = await Promise.all([
    blockPass(
      reads,
      ids,
      f,
      inputs.filter((_, i) => i % 2 === 0),
    ),
    blockPass(
      reads,
      ids,
      f,
      inputs.filter((_, i) => i % 2 === 1),
    ),
    withFilteredSessions(reads, ids, f, async (db, sessions) => {
      const tx = { db };
      return {
        ...(await reachedAndLeft(tx, sessions, blockIds)),
        headline: await headline(tx, ids, f),
        perDay: await perDay(tx, ids, f),
      };
    }),
  ]);
  const summaries: BlockSummary[] = blocks.map((b) => {
    const id = b.block.unique_question_id;
    // Blocks that take no input are in neither pass: they have no answers.
    const { stats, results, times } = inputs.indexOf(b) % 2 === 1 ? odd : even;
    const own = stats.byKind.get(id)?.[answerKind(b.block.type)];
    return {
      unique_question_id: id,
      type: b.block.type,
      label: b.label,
      variable: b.block.variable,
      reached: dropoff.reached.get(id) ?? 0,
      answered: own?.respondents ?? 0,
      left: dropoff.left.get(id) ?? 0,
      time_median_ms: times.get(id) ?? null,
      followups: stats.byKind.get(id)?.nachfrage?.rows ?? 0,
      result: results.get(id) ?? { kind: 'none' },
    };
  });
  return {
    survey_id: survey.survey_id,
    survey_name: survey.survey_name,
    headline: dropoff.headline,
    blocks: summaries,
    per_day: dropoff.perDay,
  };
}
