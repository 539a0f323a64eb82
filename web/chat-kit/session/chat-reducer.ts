import type { ChatMessage } from '../../../contract/chat.ts';
import type { AnswerValue, ChatPhase, ChatState, ChatTurn } from './chat-types.ts';

type Action =
  | { type: 'opening'; preview: ChatTurn['messages'] }
  | { type: 'loaded'; res: ChatTurn; resumed: boolean; info?: string; carried?: AnswerValue }
  | { type: 'sending'; text: string }
  | { type: 'answered'; res: ChatTurn }
  | { type: 'followed'; res: ChatTurn; sentAfter: number }
  | { type: 'reveal' }
  | { type: 'failed'; notice: string | null; phase?: ChatPhase; unsent?: AnswerValue };

export const INITIAL_CHAT: ChatState = {
  phase: 'loading',
  messages: [],
  revealed: 0,
  instantUntil: 0,
  input: null,
  finished: false,
  waiting: false,
  afterId: 0,
  sending: null,
  notice: null,
  info: null,
  unsent: null,
  redirect: null,
};

/** Leading respondent entries of a turn appear with their answer, before any bot pacing. */
function leadingUserEntries(messages: readonly ChatMessage[]): number {
  const i = messages.findIndex((m) => m.user_or_bot !== 'user');
  return i === -1 ? messages.length : i;
}

/**
 * A turn's entries added to the history. Entries with ids (multi-dialog chats) that are already shown
 * are skipped: an answer's own turn may have arrived through the long poll first. The input and flags
 * are taken only from a turn at least as new as what is shown.
 */
function appendTurn(state: ChatState, res: ChatTurn): ChatState {
  const fresh = res.messages.filter((m) => m.id === undefined || m.id > state.afterId);
  const current = (res.after_id ?? 0) >= state.afterId;
  return {
    ...state,
    messages: [...state.messages, ...fresh],
    input: current ? res.input : state.input,
    finished: current ? res.finished : state.finished,
    redirect: current ? (res.redirect ?? null) : state.redirect,
    waiting: current ? (res.waiting ?? false) : state.waiting,
    afterId: Math.max(state.afterId, res.after_id ?? 0),
  };
}

export function chatReducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'opening':
      return {
        ...INITIAL_CHAT,
        messages: action.preview,
        revealed: action.preview.length,
        instantUntil: action.preview.length,
      };
    case 'loaded': {
      const { messages, input, finished } = action.res;
      const instantUntil = action.resumed ? messages.length : 0;
      return {
        ...INITIAL_CHAT,
        phase: 'ready',
        messages,
        input,
        finished,
        redirect: action.res.redirect ?? null,
        waiting: action.res.waiting ?? false,
        afterId: action.res.after_id ?? 0,
        revealed: instantUntil,
        instantUntil,
        info: action.info ?? null,
        unsent: action.carried === undefined ? null : { answer: action.carried, carried: true },
      };
    }
    case 'sending':
      return { ...state, sending: action.text, notice: null, info: null, unsent: null };
    case 'answered': {
      const next = appendTurn(state, action.res);
      const added = next.messages.slice(state.messages.length);
      return {
        ...next,
        revealed: state.messages.length + leadingUserEntries(added),
        sending: null,
        notice: null,
        info: null,
        unsent: null,
      };
    }
    case 'followed': {
      // An answer or an earlier poll has moved on since this poll was sent: the next poll asks anew.
      if (action.sentAfter !== state.afterId) return state;
      const next = appendTurn(state, action.res);
      const added = next.messages.slice(state.messages.length);
      // Another tab's answer shows with its turn when everything before it is shown.
      const caughtUp = state.revealed >= state.messages.length;
      return { ...next, revealed: caughtUp ? state.revealed + leadingUserEntries(added) : state.revealed };
    }
    case 'reveal':
      return { ...state, revealed: Math.min(state.messages.length, state.revealed + 1) };
    case 'failed':
      return {
        ...state,
        phase: action.phase ?? state.phase,
        sending: null,
        notice: action.notice,
        unsent: action.unsent === undefined ? null : { answer: action.unsent },
      };
  }
}
