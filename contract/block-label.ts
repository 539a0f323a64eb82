import { BLOCK_TYPE_LABELS, type Block, blockTitle } from './blocks.ts';
import { plainText, textSegments } from './text-content.ts';

/**
 * How Analyse, its export and a version's diff name a block: its short name, else its text shortened
 * (each {{variable}} as [variable], since the answer it stands for differs from respondent to
 * respondent), else its type.
 */

const LABEL_MAX = 80;

/** A text as the Analyse screen and the export show it: each {{variable}} chip as [variable]. */
export function readableText(text: string): string {
  return textSegments(text)
    .map((s) => (s.kind === 'text' ? s.text : `[${s.name}]`))
    .join('');
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LABEL_MAX ? `${line.slice(0, LABEL_MAX - 1)}…` : line;
}

/** The block's text as one short line, without its short name ({{variable}} as [variable]). */
export const blockWording = (block: Block): string => shorten(readableText(plainText(blockTitle(block))));

export const blockLabel = (block: Block): string =>
  block.short_name || blockWording(block) || BLOCK_TYPE_LABELS[block.type];
