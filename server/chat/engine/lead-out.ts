import { runChat } from './run-chat.ts';
import type { ChatEvent, ChatState, EngineEnv, EngineResult, PreparedDialog } from './types.ts';

/**
 * A chat led out to a given end (a full quota's end block, or the end marker for the dialog's ending)
 * instead of going on: a start shows the welcome and then that end; an answer is taken as usual, and as
 * soon as its block is done the dialog goes to that end rather than to the next block. Null when the
 * answer does not finish its block (it was refused, or its follow-up is asked first): the caller goes on
 * as usual and leads the chat out on a later turn.
 */
export function leadOut(
  d: PreparedDialog,
  state: ChatState,
  event: Extract<ChatEvent, { kind: 'start' | 'restart' | 'answer' }>,
  env: EngineEnv,
  target: string,
): EngineResult | null {
  if (event.kind !== 'answer') return runChat(d, state, { kind: 'trigger', now: event.now, target }, env);
  const answered = event.unique_question_id;
  // The answered block's 'away' place (types.ts Waiting) stops the dialog right after it.
  const taken = runChat(d, state, event, {
    ...env,
    leaves: (id) => id === answered || env.leaves?.(id) === true,
  });
  if (taken.outcome !== 'ok' || taken.state.at?.phase !== 'away' || taken.state.at.id !== answered)
    return null;
  const end = runChat(d, taken.state, { kind: 'trigger', now: event.now, target }, env);
  return {
    ...end,
    messages: [...taken.messages, ...end.messages],
    answers: [...taken.answers, ...end.answers],
    done: [...taken.done, ...end.done],
  };
}
