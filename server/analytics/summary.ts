import type { AnalyticsFilters, BlockSummary, SurveySummaryResponse } from '../../contract/analytics.ts';
import type { AppContext } from '../context.ts';
import type { SurveyRow } from '../sharing/permissions.ts';
import { answerKind, blockStats } from './answer-stats.ts';
import { type AnalyticsBlock, analyticsBlocks, takesInput } from './blocks.ts';
import { left, reached, timeMedian } from './queries/dropoff.ts';
import { withFilteredSessions } from './queries/filters.ts';
import { headline, perDay } from './queries/headline.ts';
import { blockResults } from './results.ts';
import { type SummaryPass, summaryPasses } from './summary-plan.ts';
import { summaryVersions, withWordings } from './versions.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;
type Reads = Pick<AppContext, 'db' | 'dbKind'>;

/** One pass of the plan in a transaction of its own, with the filtered sessions in a temporary table. */
function runPass(reads: Reads, ids: number[], f: AnalyticsFilters, pass: SummaryPass<AnalyticsBlock>) {
  return withFilteredSessions(reads, ids, f, async (db, sessions) => {
    const tx = { db };
    const shown = await reached(
      tx,
      sessions,
      pass.reached.map((b) => b.block.unique_question_id),
    );
    const stats = await blockStats(tx, sessions, pass.stats);
    const times = new Map<string, number | null>();
    for (const b of pass.stats) {
      const id = b.block.unique_question_id;
      // The time until the block was answered or skipped: both rows carry it (answers.wait_ms).
      const kinds = stats.byKind.get(id);
      const timed = (kinds?.[answerKind(b.block.type)]?.respondents ?? 0) + (kinds?.skip?.respondents ?? 0);
      if (timed > 0) times.set(id, await timeMedian(tx, sessions, id, timed));
    }
    const overall = pass.overall
      ? {
          headline: await headline(tx, sessions),
          perDay: await perDay(tx, sessions),
          left: await left(tx, sessions),
        }
      : null;
    return { shown, stats, results: blockResults(pass.stats, stats), times, overall };
  });
}

/**
 * POST /api/analytics/summary: headline figures, drop-off and results per block, and sessions per day.
 * The figures are independent of each other, so they are split into two passes of about equal cost
 * (summary-plan.ts), each in a transaction of its own on ctx.reads (on SQLite a worker each,
 * read-pool.ts; on PostgreSQL a pooled connection each): they run at the same time on two cores and
 * the event loop stays free. With `oneAtATime` the passes run one after the other, on one worker: an
 * export does that, since it needs the figures no sooner and each worker adds its memory to the peak.
 */
export async function surveySummary(
  ctx: Ctx,
  survey: Pick<SurveyRow, 'id' | 'survey_id' | 'survey_name'>,
  f: AnalyticsFilters,
  { oneAtATime = false } = {},
): Promise<SurveySummaryResponse> {
  const ids = [survey.id];
  const blocks = await analyticsBlocks(ctx, survey);
  const reads = { db: ctx.reads, dbKind: ctx.dbKind };
  const plan = summaryPasses(blocks, (b) => b.block.type, takesInput);
  const run = (pass: SummaryPass<AnalyticsBlock>) => runPass(reads, ids, f, pass);
  const passes: Awaited<ReturnType<typeof run>>[] = [];
  if (oneAtATime) for (const pass of plan) passes.push(await run(pass));
  else passes.push(...(await Promise.all(plan.map(run))));
  const overall = passes.find((p) => p.overall)?.overall;
  if (!overall) throw new Error('the summary plan has no pass with the overall figures');
  const summaries: BlockSummary[] = blocks.map((b) => {
    const id = b.block.unique_question_id;
    const shownIn = passes.find((p) => p.shown.has(id));
    const own = passes.find((p) => p.stats.byKind.has(id) || p.results.has(id));
    const kind = own?.stats.byKind.get(id);
    return {
      unique_question_id: id,
      type: b.block.type,
      label: b.label,
      variable: b.block.variable,
      reached: shownIn?.shown.get(id) ?? 0,
      answered: kind?.[answerKind(b.block.type)]?.respondents ?? 0,
      skipped: kind?.skip?.respondents ?? 0,
      left: overall.left.get(id) ?? 0,
      time_median_ms: own?.times.get(id) ?? null,
      followups: kind?.nachfrage?.rows ?? 0,
      result: own?.results.get(id) ?? { kind: 'none' },
    };
  });
  const versions = await summaryVersions(ctx, survey, f);
  return {
    survey_id: survey.survey_id,
    survey_name: survey.survey_name,
    headline: overall.headline,
    blocks: withWordings(summaries, versions.wordings),
    per_day: overall.perDay,
    versions: versions.numbers,
  };
}
