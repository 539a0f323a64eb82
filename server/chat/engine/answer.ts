import type { ChatInputType } from '../../../contract/chat.ts';
import { INPUT_TYPES, nextAfter, QUESTION_TYPES } from '../../../contract/dialog-flow.ts';
import { answerGpt, answerQa } from './ai-blocks.ts';
import { afterDeleted, continueAfter, runFrom } from './flow.ts';
import { skipLabel } from './input.ts';
import { answerText, interpret } from './interpret.ts';
import { hasText, record, result, settle, Turn } from './turn.ts';
import type { ChatEvent, ChatState, EngineEnv, EngineResult, PreparedDialog } from './types.ts';

/**
 * An answer event. Order of a turn after a valid answer: the answer, the reactions of the chosen options
 * or branch (jump_to_reactions), then the follow-up (nachfrage) if the block has one, and after its
 * answer the acknowledgement; then the dialog goes on (flow.ts).
 */

type AnswerEvent = Extract<ChatEvent, { kind: 'answer' }>;

function isCurrent(state: ChatState, ev: AnswerEvent): boolean {
  const at = state.at;
  if (state.status !== 'waiting' || at === null || ev.unique_question_id !== at.id) return false;
  if (at.phase !== 'question' && at.phase !== 'nachfrage') return false;
  if ((ev.nachfrage_id ?? null) !== (at.phase === 'nachfrage' ? at.id : null)) return false;
  return ev.turn === undefined || ev.turn === state.turn;
}

export function answer(d: PreparedDialog, state: ChatState, ev: AnswerEvent, env: EngineEnv): EngineResult {
  if (!isCurrent(state, ev)) return result(d, 'stale', state, null);
  const at = state.at!;
  const t = new Turn(d, ev.now, state.vars, env);
  const turn = state.turn + 1;
  const block = d.byId.get(at.id);
  const text = answerText(ev.answer).trim();

  if (!block) {
    // The block was deleted while the respondent was at it: keep what they wrote and go on.
    t.user(text, 'open_text', at.id, null, false);
    return result(d, 'ok', settle(t, runFrom(t, afterDeleted(d, at)), turn), t);
  }
  const id = block.unique_question_id;

  if (at.phase === 'nachfrage') {
    if (text === '') {
      t.user(text, 'nachfrage', id, id, false);
      t.sayPlain(d.texts.emptyAnswer, 'invalid', { blockId: id, current: id, nachfrage: id });
      return result(d, 'invalid', { ...state, turn }, t);
    }
    t.user(text, 'nachfrage', id, id, true);
    t.answers.push(record(block, text, { kind: 'nachfrage' }));
    t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
    return result(d, 'ok', settle(t, continueAfter(t, id, at.next), turn), t);
  }

  if (block.type === 'qa') return answerQa(d, t, state, block, text);
  if (block.type === 'gpt') return answerGpt(d, t, state, at, block, text);

  const inputType: ChatInputType = INPUT_TYPES.has(block.type) ? (block.type as ChatInputType) : 'open_text';
  if (ev.skip) {
    const label = skipLabel(d, block);
    if (label === null) {
      // Only an optional question can be skipped: it is asked again, as after an empty answer.
      t.sayPlain(d.texts.emptyAnswer, 'invalid', { blockId: id, current: id });
      return result(d, 'invalid', { ...state, turn }, t);
    }
    // Skipped is no answer: no reaction, follow-up or acknowledgement; the block's default way on.
    t.user(label, inputType, id, null, true);
    t.answers.push(record(block, '', { kind: 'skip' }));
    return result(d, 'ok', settle(t, continueAfter(t, id, nextAfter(d, block, null, t.vars)), turn), t);
  }
  const got = interpret(block, ev.answer, d, env);
  if (!got.ok) {
    t.user(got.display ?? text, inputType, id, null, false);
    t.sayPlain(got.hint, 'invalid', { blockId: id, current: id });
    return result(d, 'invalid', { ...state, turn }, t);
  }

  const followUp = QUESTION_TYPES.has(block.type) && hasText(block.nachfrage);
  t.user(got.display, inputType, id, null, !followUp);
  t.answers.push(...got.records);
  if (block.variable !== '') t.vars = { ...t.vars, [block.variable]: got.value };
  for (const i of got.chosen) t.say(block.jump_to_reactions[i] ?? '', 'reaction', { blockId: id });
  const optionTarget = got.chosen.map((i) => block.jump_to_ids[i] ?? null).find((j) => j !== null) ?? null;
  const next = nextAfter(d, block, optionTarget, t.vars);

  if (followUp) {
    t.say(block.nachfrage, 'nachfrage', { blockId: id, current: id, nachfrage: id });
    return result(
      d,
      'ok',
      { status: 'waiting', at: { id, phase: 'nachfrage', next }, turn, vars: t.vars },
      t,
    );
  }
  t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
  return result(d, 'ok', settle(t, continueAfter(t, id, next), turn), t);
}
