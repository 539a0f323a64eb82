import type { BlockType } from '../../../../contract/blocks.ts';
import { CONNECTIONS_KEY } from '../model/history.ts';

/**
 * The i18n key of the label a block field has in the block editor, so the change history names a
 * changed field as the editor does ('#3 · Nachfrage', not '#3 · nachfrage'). Null for fields the
 * editor does not show.
 */
const FIELD_LABEL_KEYS = {
  type: 'configurator.editor.type',
  context: 'configurator.editor.context',
  question: 'configurator.editor.gptQuestion',
  nachfrage: 'configurator.editor.nachfrage',
  acknowledgement: 'configurator.editor.acknowledgement',
  variable: 'configurator.editor.variable',
  short_name: 'configurator.editor.shortName',
  jump_to_question: 'configurator.editor.jumpToQuestion',
  field_jumps: 'configurator.fieldJumps.title',
  is_end: 'configurator.editor.isEnd',
  start_page: 'configurator.editor.startPage',
  filename_db: 'configurator.editor.media',
  options: 'configurator.editor.options',
  jump_to_ids: 'configurator.editor.optionJump',
  jump_to_reactions: 'configurator.editor.reaction',
  qa_pairs: 'configurator.editor.qaPairs',
  qa_fallback: 'configurator.editor.qaFallback',
  only_search: 'configurator.editor.onlySearch',
  likert_na: 'configurator.editor.likertNa',
  optional: 'configurator.editor.optional',
  skip_label: 'configurator.editor.skipLabel',
  inverse: 'configurator.editor.inverse',
  min: 'configurator.editor.min',
  max: 'configurator.editor.max',
  integer: 'configurator.editor.integer',
  min_date: 'configurator.editor.minDate',
  max_date: 'configurator.editor.maxDate',
  link: 'configurator.editor.link',
  link_klick_name: 'configurator.editor.linkClickName',
  max_turns: 'configurator.editor.maxTurns',
  [CONNECTIONS_KEY]: 'configurator.history.connections',
} as const;

type FieldLabelKey =
  | (typeof FIELD_LABEL_KEYS)[keyof typeof FIELD_LABEL_KEYS]
  | 'configurator.editor.instruction'
  | 'configurator.editor.branches';

export function blockFieldLabelKey(key: string, type: BlockType | undefined): FieldLabelKey | null {
  // The editor names these two by what they are for in a GPT or a free-text block.
  if (key === 'context' && type === 'gpt') return 'configurator.editor.instruction';
  if (key === 'options' && type === 'open_text') return 'configurator.editor.branches';
  return Object.hasOwn(FIELD_LABEL_KEYS, key) ? FIELD_LABEL_KEYS[key as keyof typeof FIELD_LABEL_KEYS] : null;
}
