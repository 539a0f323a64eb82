import type { Block } from '../../../contract/blocks.ts';
import { type ChatInput, openTextInput } from '../../../contract/chat.ts';
import { QUESTION_TYPES } from '../../../contract/dialog-flow.ts';
import type { ChatState, PreparedDialog } from './types.ts';

function _blankInput(d: PreparedDialog, state: ChatState, id: string): ChatInput {
  return {
    ...openTextInput(id, state.turn, d.texts.placeholderText),
    progress: d.progress ? (state.progress ?? 0) : null,
  };
}

/** The skip button's label of a block the respondent may skip, else null. */
export function skipLabel(d: PreparedDialog, block: Block): string | null {
  if (block.optional !== 1 || !QUESTION_TYPES.has(block.type)) return null;
  return block.skip_label || d.texts.skip;
}

/** What the respondent is asked for in this state (null when the dialog is not waiting for input). */
export function inputFor(d: PreparedDialog, state: ChatState): ChatInput | null {
  const at = state.at;
  if (state.status !== 'waiting' || at === null || at.phase === 'held' || at.phase === 'away') return null;
  const base = openTextInput(at.id, state.turn, d.texts.placeholderText);
  const block = d.byId.get(at.id);
  if (!block) return base;
  if (at.phase === 'nachfrage') return { ...base, type: 'nachfrage', nachfrage_id: at.id };
  return questionInput(d, block, { ...base, skip: skipLabel(d, block) });
}

function questionInput(d: PreparedDialog, block: Block, base: ChatInput): ChatInput {
  const texts = d.texts;
  switch (block.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, type: block.type, options: [...block.options] };
    case 'likert':
      return {
        ...base,
        type: 'likert',
        options: block.likert_na === 1 ? [...block.options, texts.likertNa] : [...block.options],
        likert_na: block.likert_na,
      };
    case 'number':
      return {
        ...base,
        type: 'number',
        min: block.min,
        max: block.max,
        integer: block.integer,
        placeholder: texts.placeholderNumber,
      };
    case 'email':
      return { ...base, type: 'email', placeholder: texts.placeholderEmail };
    case 'date':
      return {
        ...base,
        type: 'date',
        min_date: block.min_date,
        max_date: block.max_date,
        placeholder: texts.placeholderDate,
      };
    case 'gpt':
      return { ...base, type: 'gpt' };
    case 'qa':
      return { ...base, type: 'qa', options: [texts.qaContinue], placeholder: texts.placeholderQuestion };
    default:
      // open_text, and a block whose type an author changed while the respondent was at it.
      return base;
  }
}
