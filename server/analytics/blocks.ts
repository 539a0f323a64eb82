import { blockLabel } from '../../contract/block-label.ts';
import type { Block } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { listBlocks } from '../dialogs/queries.ts';
import { blockFromRow } from '../dialogs/rows.ts';

/** How a block's answers are summarised (contract/analytics.ts, blockResultSchema). */
export type ResultKind = 'choice' | 'likert' | 'number' | 'date' | 'text' | 'none';

const RESULT_KIND: Record<Block['type'], ResultKind> = {
  single_choice: 'choice',
  multiple_choice: 'choice',
  likert: 'likert',
  number: 'number',
  date: 'date',
  open_text: 'text',
  email: 'text',
  gpt: 'text',
  qa: 'text',
  message: 'none',
  link: 'none',
  media: 'none',
  end: 'none',
};

export interface AnalyticsBlock {
  block: Block;
  kind: ResultKind;
  /** short_name, else the block's text shortened ({{variable}} as [variable]), else its type. */
  label: string;
  /** The export's column header: short_name, else variable, else the label. */
  header: string;
}

/** The dialog's blocks in dialog order, as the Analyse module names and summarises them. */
export async function analyticsBlocks(
  ctx: Pick<AppContext, 'db'>,
  survey: { id: number; survey_id: string },
): Promise<AnalyticsBlock[]> {
  const rows = await listBlocks(ctx.db, survey.id);
  return rows.map((row) => {
    const block = blockFromRow(row, survey.survey_id);
    const label = blockLabel(block);
    return {
      block,
      kind: RESULT_KIND[block.type],
      label,
      header: block.short_name || block.variable || label,
    };
  });
}

/** Blocks that take input: the ones with answers, drop-off times and export columns. */
export const takesInput = (b: AnalyticsBlock) => b.kind !== 'none';
