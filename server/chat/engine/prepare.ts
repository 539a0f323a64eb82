import { remainingQuestions } from './progress.ts';
import { chatTexts } from './texts.ts';
import type { ChatDialog, PreparedDialog, QaIndex, TextTools } from './types.ts';

/** Builds a dialog's lookups once (the service caches the result per dialog version). */
export function prepareDialog(dialog: ChatDialog, tools: TextTools): PreparedDialog {
  const byId = new Map(dialog.blocks.map((b) => [b.unique_question_id, b]));
  const position = new Map(dialog.blocks.map((b, i) => [b.unique_question_id, i]));
  const start = dialog.blocks.find((b) => b.start_page === 1) ?? dialog.blocks[0];
  const qaIndex = new Map<string, QaIndex>();
  for (const b of dialog.blocks) {
    if (b.type === 'qa') qaIndex.set(b.unique_question_id, tools.qaIndex(b.qa_pairs, dialog.language));
  }
  return {
    ...dialog,
    byId,
    position,
    first: start?.unique_question_id ?? null,
    texts: chatTexts(dialog.language, dialog.du_sie),
    tools,
    qaIndex,
    usesLlm: dialog.blocks.some((b) => b.type === 'gpt' || (b.type === 'qa' && b.only_search === 0)),
    remaining: dialog.progress ? remainingQuestions({ blocks: dialog.blocks, byId, position }) : new Map(),
  };
}
