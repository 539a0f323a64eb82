import { answer } from './answer.ts';
import { begin, trigger } from './flow.ts';
import { withProgress } from './progress.ts';
import { result } from './turn.ts';
import type { ChatEvent, ChatState, EngineEnv, EngineResult, PreparedDialog } from './types.ts';

/**
 * The chat runtime's one entry (types.ts): applies one event to a chat. Never throws for any answer; the
 * state it returns is always consistent.
 */
export function runChat(
  dialog: PreparedDialog,
  state: ChatState,
  event: ChatEvent,
  env: EngineEnv = {},
): EngineResult {
  const before = event.kind === 'restart' ? 0 : (state.progress ?? 0);
  return withProgress(dialog, before, apply(dialog, state, event, env));
}

function apply(dialog: PreparedDialog, state: ChatState, event: ChatEvent, env: EngineEnv): EngineResult {
  switch (event.kind) {
    case 'start':
      return state.status === 'new'
        ? begin(dialog, event.now, env, state.vars)
        : result(dialog, 'ignored', state, null);
    case 'restart':
      return begin(dialog, event.now, env, event.vars);
    case 'answer':
      return answer(dialog, state, event, env);
    case 'trigger':
      return trigger(dialog, state, event, env);
  }
}
