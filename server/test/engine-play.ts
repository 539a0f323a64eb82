import { endNodeId } from '../../contract/blocks.ts';
import { runChat } from '../chat/engine/run-chat.ts';
import {
  type AnswerValue,
  type EngineEnv,
  type EngineResult,
  initialState,
  type PreparedDialog,
} from '../chat/engine/types.ts';

/** Playing a dialog through the chat engine as a client would, for the engine's tests. */

export const NOW = 1_700_000_000_000;
export const END = endNodeId('S1');

export function start(d: PreparedDialog, env?: EngineEnv): EngineResult {
  return runChat(d, initialState(), { kind: 'start', now: NOW }, env);
}

/**
 * Answers whatever is asked, the way a client does (echoing id, nachfrage_id and turn); skip: as the
 * skip button of an optional question does.
 */
export function reply(
  d: PreparedDialog,
  prev: EngineResult,
  answer: AnswerValue,
  env?: EngineEnv,
  skip = false,
): EngineResult {
  const input = prev.input;
  if (!input) throw new Error('nothing is asked');
  return runChat(
    d,
    prev.state,
    {
      kind: 'answer',
      now: NOW + 1,
      unique_question_id: input.unique_question_id,
      nachfrage_id: input.nachfrage_id,
      turn: input.turn,
      answer,
      ...(skip ? { skip } : {}),
    },
    env,
  );
}

/** Starts and gives the answers in turn; returns every step. */
export function play(d: PreparedDialog, answers: AnswerValue[], env?: EngineEnv): EngineResult[] {
  const steps = [start(d, env)];
  for (const a of answers) steps.push(reply(d, steps.at(-1)!, a, env));
  return steps;
}

export const bot = (r: EngineResult) => r.messages.filter((m) => m.user_or_bot === 'bot');
export const texts = (r: EngineResult) => bot(r).map((m) => m.context);
export const allTexts = (steps: EngineResult[]) => steps.flatMap(texts);
export const last = (steps: EngineResult[]) => steps.at(-1)!;
