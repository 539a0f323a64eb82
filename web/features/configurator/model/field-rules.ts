import '../../../../contract/zod-setup.ts';
import {
  type Block,
  type BlockContent,
  blockContentSchemas,
  endNodeId,
  OPTION_TYPES,
} from '../../../../contract/blocks.ts';
import { type Settings, settingsShape } from '../../../../contract/dialogs.ts';
import { changeBlock } from './optimistic.ts';

/**
 * Field validation in the editors, with the contract's own schemas (the server checks the same): a
 * value is checked as the whole block would be after the change, and the message of the issue about
 * that field is shown at the field.
 */
export function blockFieldError(block: Block, key: string, value: unknown): string | null {
  const candidate = changeBlock(block, key, value) as BlockContent;
  const parsed = blockContentSchemas[candidate.type].safeParse(candidate);
  if (parsed.success) return null;
  const own = parsed.error.issues.find((i) => i.path[0] === key);
  const issue = own ?? parsed.error.issues[0]!;
  return own ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
}

/** The message of one settings value, or null when it is valid. */
export function settingsFieldError<K extends keyof Settings>(key: K, value: Settings[K]): string | null {
  const parsed = settingsShape[key].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Variable names the dialog's blocks store answers under, in order (for {{variable}} chips). */
export function dialogVariables(blocks: readonly Block[]): string[] {
  return [...new Set(blocks.map((b) => b.variable).filter((v) => v !== ''))];
}

export const hasOptionList = (block: Block) => (OPTION_TYPES as readonly string[]).includes(block.type);

/** A jump target as the editor offers it: the next block (null), a block or the end marker. */
export interface JumpChoice {
  value: string | null;
  order: number | null;
  label: string;
}

/** The targets a block can jump to: every block (itself too, for a repeat) and the end of the dialog. */
export function jumpChoices(
  surveyId: string,
  blocks: readonly Block[],
  labelOf: (b: Block) => string,
): JumpChoice[] {
  return blocks
    .map((b): JumpChoice => ({ value: b.unique_question_id, order: b.order, label: labelOf(b) }))
    .concat({ value: endNodeId(surveyId), order: null, label: '' });
}

/** "12,5" or "12.5" as a number; '' as null; anything else undefined (not a number). */
export function parseDecimal(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** A label for a new option that is not used yet: 'Option 3', 'Option 4', … */
export function nextOptionLabel(options: readonly string[], label: (n: number) => string): string {
  for (let n = options.length + 1; ; n++) {
    const candidate = label(n);
    if (!options.includes(candidate)) return candidate;
  }
}
