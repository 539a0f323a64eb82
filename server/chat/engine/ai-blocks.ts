import { nextAfter } from '../../../contract/dialog-flow.ts';
import { continueAfter } from './flow.ts';
import { hasText, record, replyText, result, settle, type Turn } from './turn.ts';
import {
  type ChatState,
  type GptBlock,
  type PreparedDialog,
  QA_GROUNDING,
  QA_MIN_SCORE,
  QA_MODEL_PAIRS,
  type QaBlock,
  type Waiting,
} from './types.ts';

/**
 * The answers of the blocks that may use the language model: a question in a qa block (answered by the
 * search, or by the model from the block's pairs), and an answer in a gpt block (followed by the model's
 * next follow-up). The model's replies come through the env (EngineEnv.gpt, .qa) as lookups of replies
 * the caller fetched before the turn; a missing reply is no error: the block falls back.
 */

export function answerQa(d: PreparedDialog, t: Turn, state: ChatState, block: QaBlock, text: string) {
  const texts = d.texts;
  const id = block.unique_question_id;
  const turn = state.turn + 1;
  const o = { blockId: id, current: id };
  if (text === '') {
    t.user(text, 'qa', id, null, false);
    t.sayPlain(texts.qaEmpty(texts.qaContinue), 'invalid', o);
    return result(d, 'invalid', { ...state, turn }, t);
  }
  if (d.tools.isContinue(text, texts.qaContinue)) {
    t.user(text, 'qa', id, null, true);
    t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
    return result(d, 'ok', settle(t, continueAfter(t, id, nextAfter(d, block, null, t.vars)), turn), t);
  }
  const hits = d.qaIndex.get(id)?.search(text, QA_GROUNDING) ?? [];
  const best = hits[0];
  const pair = best && best.score >= QA_MIN_SCORE ? block.qa_pairs[best.pair]! : null;
  // The model may find the answer in pairs that share no word with the question ('Kann ich die Ware
  // zurückschicken?' for a pair about returns): the search's hits first, then the block's other pairs.
  const offered = [...new Set([...hits.map((h) => h.pair), ...block.qa_pairs.keys()])]
    .slice(0, QA_MODEL_PAIRS)
    .map((i) => block.qa_pairs[i]!);
  const written =
    block.only_search === 0 && offered.length > 0
      ? t.env.qa?.({ block, question: text, pairs: offered })
      : undefined;
  t.user(text, 'qa', id, null, false);
  t.answers.push(record(block, text, { branch: pair?.question ?? null, confidence: best?.score ?? 0 }));
  const fallback = hasText(block.qa_fallback) ? block.qa_fallback : texts.qaNoAnswer;
  if (typeof written === 'string' && hasText(written)) t.sayPlain(written.trim(), 'qa_answer', o);
  else t.say(written === null || pair === null ? fallback : pair.answer, 'qa_answer', o);
  return result(d, 'ok', { ...state, turn }, t);
}

/**
 * An answer in a gpt block: stored, then the next follow-up of the language model unless it judges the
 * block done, max_turns answers are given, or it has no reply (none configured, or it failed).
 */
export function answerGpt(
  d: PreparedDialog,
  t: Turn,
  state: ChatState,
  at: Waiting,
  block: GptBlock,
  text: string,
) {
  const id = block.unique_question_id;
  const turn = state.turn + 1;
  if (text === '') {
    t.user(text, 'gpt', id, null, false);
    t.sayPlain(d.texts.emptyAnswer, 'invalid', { blockId: id, current: id });
    return result(d, 'invalid', { ...state, turn }, t);
  }
  const step = (at.phase === 'question' ? (at.step ?? 0) : 0) + 1;
  const reply =
    step < block.max_turns
      ? t.env.gpt?.({ block, step, answer: text, messages: [...t.messages] })
      : undefined;
  const question = reply?.done === false ? replyText(reply) : null;
  t.user(text, 'gpt', id, null, question === null);
  t.answers.push(record(block, text, { kind: 'gpt' }));
  if (block.variable !== '') t.vars = { ...t.vars, [block.variable]: text };
  if (question !== null) {
    t.sayPlain(question, 'gpt', { blockId: id, current: id });
    return result(
      d,
      'ok',
      { status: 'waiting', at: { id, phase: 'question', step, order: block.order }, turn, vars: t.vars },
      t,
    );
  }
  t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
  return result(d, 'ok', settle(t, continueAfter(t, id, nextAfter(d, block, null, t.vars)), turn), t);
}
