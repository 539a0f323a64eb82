import { BLOCK_TYPE_LABELS, type Block, blockTitle } from '../../contract/blocks.ts';
import { plainText, textSegments } from '../../contract/text-content.ts';
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

const LABEL_MAX = 80;

/**
 * A text as the Analyse screen and the export show it: each {{variable}} (a chip in the configurator)
 * as [variable], since the answer it stands for differs from respondent to respondent.
 */
export function readableText(text: string): string {
  return textSegments(text)
    .map((s) => (s.kind === 'text' ? s.text : `[${s.name}]`))
    .join('');
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LABEL_MAX ? `${line.slice(0, LABEL_MAX - 1)}…` : line;
}

/** The dialog's blocks in dialog order, as the Analyse module names and summarises them. */
export async function analyticsBlocks(
  ctx: Pick<AppContext, 'db'>,
  survey: { id: number; survey_id: string },
): Promise<AnalyticsBlock[]> {
  const rows = await listBlocks(ctx.db, survey.id);
  return rows.map((row) => {
    const block = blockFromRow(row, survey.survey_id);
    const text = blockTitle(block);
    const label = block.short_name || shorten(readableText(plainText(text))) || BLOCK_TYPE_LABELS[block.type];
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
