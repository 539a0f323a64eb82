import type { AnalyticsFilters, CrosstabResponse } from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/blocks.ts';
import { findBlock } from '../dialogs/queries.ts';
import { blockFromRow } from '../dialogs/rows.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { crosstabCounts } from './queries/crosstab.ts';

type Ctx = Pick<AppContext, 'db'>;

const CROSSTAB_TYPES = new Set(['single_choice', 'multiple_choice', 'likert']);

/** The labels a choice or Likert block's answers can have, in the block's order ('keine Angabe' last). */
async function axis(ctx: Ctx, survey: { id: number; survey_id: string }, id: string, field: string) {
  const row = await findBlock(ctx.db, survey.id, id);
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  const block = blockFromRow(row, survey.survey_id);
  if (!CROSSTAB_TYPES.has(block.type)) {
    throw badRequest(`${field}: nur Einfachauswahl, Mehrfachauswahl und Likert-Skalen lassen sich kreuzen`);
  }
  return block.type === 'likert' && block.likert_na === 1
    ? [...block.options, LIKERT_NA_LABEL]
    : block.options;
}

/** Labels of the block, then answered labels the block no longer offers. */
function withOthers(labels: readonly string[], seen: Iterable<string>) {
  const extra = [...new Set(seen)].filter((l) => !labels.includes(l)).sort();
  return [...labels, ...extra];
}

/**
 * POST /api/analytics/crosstab: sessions per pair of answers to two choice or Likert blocks (a multiple
 * choice session counts once in each pair of its options), over the filtered sessions, with the totals
 * per row and per column in sessions (people, not mentions).
 */
export async function crosstab(
  ctx: Ctx,
  survey: { id: number; survey_id: string },
  f: AnalyticsFilters,
  rowId: string,
  columnId: string,
): Promise<CrosstabResponse> {
  const rowLabels = await axis(ctx, survey, rowId, 'row_question_id');
  const columnLabels = await axis(ctx, survey, columnId, 'column_question_id');
  const { cells, rowTotals, columnTotals, total } = await crosstabCounts(
    ctx.db,
    survey.id,
    f,
    rowId,
    columnId,
  );
  const rows = withOthers(
    rowLabels,
    cells.map((c) => c.row),
  );
  const columns = withOthers(
    columnLabels,
    cells.map((c) => c.column),
  );
  const counts = rows.map(() => columns.map(() => 0));
  for (const c of cells) {
    const line = counts[rows.indexOf(c.row)];
    if (line) line[columns.indexOf(c.column)] = Number(c.n);
  }
  const totalsOf = (labels: string[], found: { label: string; n: number }[]) => {
    const byLabel = new Map(found.map((t) => [t.label, Number(t.n)]));
    return labels.map((l) => byLabel.get(l) ?? 0);
  };
  return {
    rows,
    columns,
    counts,
    row_totals: totalsOf(rows, rowTotals),
    column_totals: totalsOf(columns, columnTotals),
    total,
  };
}
