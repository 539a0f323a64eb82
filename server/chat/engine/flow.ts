import { type Block, isEndNodeId } from '../../../contract/blocks.ts';
import { INPUT_TYPES, nextAfter } from '../../../contract/dialog-flow.ts';
import { serialize, type TextItem } from '../../../contract/text-content.ts';
import { hasText, replyText, result, type SayOptions, settle, Turn } from './turn.ts';
import type { ChatEvent, ChatState, EngineEnv, EngineResult, PreparedDialog, Waiting } from './types.ts';

/**
 * How a dialog goes on: blocks without input (message, link, media, end, a gpt block without a follow-up
 * to ask) are shown and passed in the same turn until a block asks for input or the dialog ends with its
 * ending text (the Abschluss, unless an end block with a text of its own ended it: that text is the
 * dialog's last word, so the two are not sent one after the other, unless the author asked for both:
 * ending_after_end_block); is_end ends it, else the jump of a chosen option, else a rule on a hidden
 * field the chat holds (field_jumps), else jump_to_question, else
 * the next block in order (contract/dialog-flow.ts nextAfter).
 */

/** A block's uploaded media file, shown before its text. */
function attachment(d: PreparedDialog, block: Block): TextItem | null {
  if (block.filename_db === null) return null;
  const kind = d.media[block.filename_db];
  return kind
    ? { kind, source: { filename: block.filename_db } }
    : { kind: 'file', filename: block.filename_db };
}

/**
 * Shows blocks from `id` on until one asks for input (returned) or the dialog ends (ending shown, null).
 * A block met twice in one run means a loop without any input: the dialog ends instead of spinning.
 */
export function runFrom(t: Turn, id: string | null): Waiting | null {
  const d = t.dialog;
  const seen = new Set<string>();
  let current = id;
  let closedByEndBlock = false;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const block = d.byId.get(current);
    if (!block) break;
    if (t.env.holds?.(current)) return { id: current, phase: 'held' };
    const media = attachment(d, block);
    // A gpt block with a question for respondents asks it first; the model follows up on the answers.
    const asked = block.type === 'gpt' && hasText(block.question);
    const written =
      block.type === 'gpt' && !asked
        ? replyText(t.env.gpt?.({ block, step: 0, answer: null, messages: [...t.messages] }))
        : null;
    const asks =
      INPUT_TYPES.has(block.type) &&
      (block.type !== 'gpt' || asked || written !== null || hasText(block.nachfrage));
    const o: SayOptions = { blockId: current, current: asks ? current : null };
    if (media) t.say(serialize([media]), block.type, o);
    if (block.type === 'gpt') {
      // The block's context instructs the language model, never shown. Its question for respondents
      // comes first; without one the model's opening, else the fixed follow-up is asked, and without
      // those the block is passed. The model's text is plain text, never decoded.
      if (asked) t.say(block.question, 'gpt', o);
      else if (written !== null) t.sayPlain(written, 'gpt', o);
      else if (asks) t.say(block.nachfrage, 'gpt', o);
    } else {
      t.say(block.context, block.type, o);
    }
    if (block.type === 'link' && block.link !== '') {
      t.say(serialize([{ kind: 'link', url: block.link, label: block.link_klick_name || null }]), 'link', o);
    }
    if (asks) return { id: current, phase: 'question', order: block.order };
    t.done.push(current);
    if (block.type === 'end') t.endBlock = current;
    closedByEndBlock = block.type === 'end' && hasText(block.context) && d.ending_after_end_block !== true;
    const next = nextAfter(d, block, null, t.vars);
    if (t.env.leaves?.(current)) return { id: current, phase: 'away', next };
    current = next;
  }
  if (!closedByEndBlock) t.say(d.ending, 'ending', { blockId: null });
  return null;
}

/** After block `id` is done: away when the chat leaves the dialog there, else on to `next`. */
export function continueAfter(t: Turn, id: string, next: string | null): Waiting | null {
  return t.env.leaves?.(id) ? { id, phase: 'away', next } : runFrom(t, next);
}

/**
 * Where a respondent goes on whose block was deleted: after a follow-up to the block it led to, else to
 * the block now in the deleted one's place (deleting moves the later blocks up one); null ends the dialog.
 */
export function afterDeleted(d: PreparedDialog, at: Waiting): string | null {
  if (at.phase === 'nachfrage') return at.next;
  const order = at.phase === 'question' ? at.order : undefined;
  if (order === undefined) return null;
  return d.blocks.find((b) => b.order >= order)?.unique_question_id ?? null;
}

/** A start or restart: the welcome, then the dialog from its first block. */
/** vars: what the chat knows before its first block (a link's hidden fields), else nothing. */
export function begin(
  d: PreparedDialog,
  now: number,
  env: EngineEnv,
  vars: Readonly<Record<string, string>> = {},
): EngineResult {
  const t = new Turn(d, now, { ...vars }, env);
  t.say(d.welcome, 'welcome', { blockId: null });
  return result(d, 'ok', settle(t, runFrom(t, d.first), 0), t);
}

export function trigger(
  d: PreparedDialog,
  state: ChatState,
  ev: Extract<ChatEvent, { kind: 'trigger' }>,
  env: EngineEnv,
) {
  const endsHere = isEndNodeId(ev.target);
  if (!endsHere && !d.byId.has(ev.target)) return result(d, 'ignored', state, null);
  const t = new Turn(d, ev.now, state.vars, env);
  // A dialog that a trigger opens (a moveTo into a dialog not begun yet) greets first, as a start would.
  if (state.status === 'new') t.say(d.welcome, 'welcome', { blockId: null });
  return result(d, 'ok', settle(t, runFrom(t, endsHere ? null : ev.target), state.turn + 1), t);
}
