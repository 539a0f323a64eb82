import type { ChatMessage, ClientConfig } from '../../../contract/chat.ts';
import { FLAGGABLE_ENTRY_TYPE } from '../../../contract/chat-feedback.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import type { CurrentDialog } from '../../state/dialog.ts';

/** Whether the assessment chat offers 'Falsch zugeordnet' at all: feedback_allowed or training_mode. */
export const flaggingOn = (
  config: Pick<ClientConfig, 'feedback_allowed' | 'training_mode'> | null | undefined,
) => config?.feedback_allowed === true || config?.training_mode === true;

/**
 * The branches a respondent entry was routed among: a free-text answer (open_text-r) of a block with
 * branch labels. null: the entry cannot be flagged.
 */
export function routedBranches(dialog: CurrentDialog | null, message: ChatMessage): string[] | null {
  if (message.user_or_bot !== 'user' || message.type !== FLAGGABLE_ENTRY_TYPE) return null;
  const blocks: unknown = dialog?.all_questions;
  if (!Array.isArray(blocks)) return null;
  const block = blocks.find(
    (b): b is { type: string; options: unknown } =>
      typeof b === 'object' &&
      b !== null &&
      (b as { unique_question_id?: unknown }).unique_question_id === message.unique_question_id,
  );
  if (block?.type !== 'open_text' || !Array.isArray(block.options)) return null;
  const options = block.options.filter((o): o is string => typeof o === 'string');
  return options.length > 0 ? options : null;
}

/**
 * What the assessment chat's 'Falsch zugeordnet' menu offers as the right branch: the block's branches,
 * 'keiner davon' (NONE_BRANCH) and no branch (null), without the one chosen already when the answer is
 * flagged (`chosen`; undefined: not flagged yet).
 */
export function flagChoices(
  branches: readonly string[],
  chosen: string | null | undefined,
): (string | null)[] {
  return [...branches, NONE_BRANCH, null].filter((b) => b !== chosen);
}
