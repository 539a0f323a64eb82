import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatAnswerRequest, ChatInput, ChatMessage, ChatTurnResponse } from '../../../contract/chat.ts';
import { ANSWER_MAX_LENGTH } from '../../../contract/constants.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { genericErrorInfo, isDialogEndedTitle, useErrorStore } from '../../state/error.ts';
import { runFollowLoop } from './follow-loop.ts';
import { isTypedInput } from './inputs/AnswerInput.tsx';
import { bubbleDelayMs } from './pacing.ts';

/**
 * One chat on screen: loads it from a ChatSource (a single dialog, live or assessment, or a multi-dialog
 * chat), reveals new bot bubbles one by one behind the typing indicator, sends answers, follows a
 * multi-dialog chat's long poll and keeps the server's history as the truth.
 */
export type AnswerValue = ChatAnswerRequest['answer'];

/**
 * What a source answers: a single chat's turn, or a multi-dialog chat's (contract/multichat.ts), whose
 * messages carry ids and which says whether the game waits and the id of its last message.
 */
export interface ChatTurn extends ChatTurnResponse {
  /** survey_id: the dialog that speaks (multi-dialog chats). */
  messages: (ChatMessage & { id?: number; survey_id?: string })[];
  waiting?: boolean;
  after_id?: number;
}

export interface ChatSource<T extends ChatTurn = ChatTurn> {
  /** Resumes the chat (resumed: shown at once) or begins it (paced like any new turn). */
  open(): Promise<{ res: T; resumed: boolean }>;
  /** The server's history, to catch up after a 409 (a second tab or a double click answered). */
  history(): Promise<T>;
  /** input: the question answered (a multi-dialog chat sends its dialog along). */
  answer(body: Omit<ChatAnswerRequest, 'survey_id'>, input: NonNullable<T['input']>): Promise<T>;
  /** The long poll (multi-dialog chats): what comes after a message id, as soon as there is some. */
  follow?(afterId: number, signal: AbortSignal): Promise<T>;
  /** Shown at once while open() runs: a returning respondent's local history (partial resume). */
  preview?: ChatTurn['messages'];
  /** Keeps the local copy of the history (live chat, SPEC §3). */
  persist?(messages: readonly T['messages'][number][]): void;
}

export type ChatPhase = 'loading' | 'ready' | 'inactive' | 'failed';

export interface ChatState {
  phase: ChatPhase;
  /** The session's whole history; an entry's index is its seq on the server (single chat). */
  messages: ChatTurn['messages'];
  /** How many entries are visible. */
  revealed: number;
  /** Entries below this index appear without pacing (a resumed history). */
  instantUntil: number;
  input: ChatInput | null;
  finished: boolean;
  /** A multi-dialog chat waits for an external system (waitAPI): no input until it goes on. */
  waiting: boolean;
  /** The id of the last message (multi-dialog chats; 0 otherwise): the long poll asks after it. */
  afterId: number;
  /** The answer on its way, shown as the respondent's bubble until the server confirms it. */
  sending: string | null;
  /** A failure to show under the chat (plain text). */
  notice: string | null;
  /** Something to know that is no failure (the question was answered in another tab). */
  info: string | null;
  /**
   * An answer the server did not take (refused, or no answer), handed back to the input so the typed
   * text is not lost; a new object per failure. carried: its question was answered elsewhere meanwhile,
   * the text goes into the field of the question now asked.
   */
  unsent: { answer: AnswerValue; carried?: boolean } | null;
}

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

export interface ChatTexts {
  loadFailed: string;
  dialogEnded: string;
  answerTooLong: string;
  answerRejected: string;
  answerFailed: string;
  answerStale: string;
  genericError: string;
}

const isInactive = (error: unknown) => error instanceof ApiError && isDialogEndedTitle(error.title);

/** An answer refused by validation: said at the field, never as an error (SPEC §8). */
const isRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

/**
 * A failure SPEC §8 has no case of its own for, shown the generic way. Its own cases: no response,
 * 401/403 (the client's session rules), server_busy (the banner), an ended dialog, 409 and refused
 * answers (the callers).
 */
function isGeneric(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    ![0, 401, 403].includes(error.status) &&
    error.title !== ERROR_TITLES.serverBusy &&
    !isDialogEndedTitle(error.title)
  );
}

/**
 * The message of a failed call for the respondent; null for server_busy (the client shows its banner).
 * fallback: what failed when the server gave no response (the chat's loading or an answer).
 */
function noticeFor(error: unknown, texts: ChatTexts, fallback: string): string | null {
  if (error instanceof ApiError && error.title === ERROR_TITLES.serverBusy) return null;
  if (isGeneric(error)) return `${texts.genericError} (${error.status})`;
  if (error instanceof ApiError && error.status !== 0 && error.msg) return error.msg;
  if (error instanceof Error && !(error instanceof ApiError) && error.message) return error.message;
  return fallback;
}

/**
 * The message of a failed answer. A refused one: the server's validation text names fields ('answer:
 * höchstens 5000 Zeichen'), so the respondent reads a plain one in the dialog's language and form of
 * address instead.
 */
function answerNoticeFor(error: unknown, answer: AnswerValue, texts: ChatTexts): string | null {
  if (isRefused(error)) {
    const tooLong = typeof answer === 'string' && answer.length > ANSWER_MAX_LENGTH;
    return tooLong || (error as ApiError).status === 413 ? texts.answerTooLong : texts.answerRejected;
  }
  return noticeFor(error, texts, texts.answerFailed);
}

/**
 * Text typed into the field of the answered question (not the Q&A's "Weiter" button) that can go into
 * the field of the question now asked.
 */
function carriesText(answer: AnswerValue, answered: ChatInput, next: ChatInput | null): answer is string {
  const button = answered.type === 'qa' && answered.options.includes(String(answer));
  return (
    typeof answer === 'string' &&
    isTypedInput(answered.type) &&
    !button &&
    next !== null &&
    isTypedInput(next.type)
  );
}

export interface ChatSession {
  state: ChatState;
  /** The typing indicator shows (a bot bubble is on its way). */
  typing: boolean;
  /**
   * The input is on screen: its question and everything before it are shown (while the bot still
   * types, the next question's options stay hidden), or the answer to it is on its way.
   */
  showsInput: boolean;
  /** The input may be used: everything is shown and nothing is on its way. */
  canAnswer: boolean;
  send(answer: AnswerValue, display: string): void;
  retry(): void;
}

/**
 * source null: nothing is loaded yet (the respondent has not consented). A new source object opens the
 * chat anew.
 */
export function useChatSession<T extends ChatTurn>(
  source: ChatSource<T> | null,
  speed: number,
  texts: ChatTexts,
): ChatSession {
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT);
  const current = useRef(state);
  current.current = state;
  // Answers of an older open() (restart, new consent) are dropped.
  const generation = useRef(0);

  /**
   * unsent: the answer that failed (sending), handed back to the input. opening: the chat did not load
   * (it offers to try again).
   */
  const fail = useCallback(
    (error: unknown, failed: { unsent?: AnswerValue; opening?: boolean } = {}) => {
      if (isInactive(error)) {
        // SPEC §8: the error dialog says it; the chat keeps the note once the dialog is closed.
        const e = error as ApiError;
        useErrorStore.getState().showError({ title: e.title, msg: e.msg });
        dispatch({ type: 'failed', notice: texts.dialogEnded, phase: 'inactive' });
        return;
      }
      const { unsent } = failed;
      const notice =
        unsent === undefined
          ? noticeFor(error, texts, texts.loadFailed)
          : answerNoticeFor(error, unsent, texts);
      if (isGeneric(error) && !(unsent !== undefined && isRefused(error))) {
        // SPEC §8's generic display, in the dialog's language; the note repeats it once it is closed.
        useErrorStore.getState().showError({ title: genericErrorInfo(error).title, msg: notice ?? '' });
      }
      // Credentials gone (refresh failed): opening the chat again registers anew.
      const sessionGone = error instanceof ApiError && error.status === 401;
      dispatch({
        type: 'failed',
        notice,
        phase: failed.opening || sessionGone ? 'failed' : undefined,
        unsent,
      });
    },
    [texts],
  );

  const open = useCallback(() => {
    if (!source) return;
    const gen = ++generation.current;
    dispatch({ type: 'opening', preview: source.preview ?? [] });
    source.open().then(
      ({ res, resumed }) => {
        if (gen === generation.current) dispatch({ type: 'loaded', res, resumed });
      },
      (error: unknown) => {
        if (gen === generation.current) fail(error, { opening: true });
      },
    );
  }, [source, fail]);

  useEffect(() => {
    open();
  }, [open]);

  useEffect(() => {
    // The history holds what the source answered: its own message type.
    if (source?.persist && state.phase === 'ready') source.persist(state.messages as T['messages']);
  }, [source, state.phase, state.messages]);

  // The long poll: one loop per opened chat while it is not finished, ended on unmount or a new source.
  const following = state.phase === 'ready' && !state.finished && source?.follow !== undefined;
  useEffect(() => {
    if (!following || !source?.follow) return;
    const controller = new AbortController();
    const gen = generation.current;
    void runFollowLoop({
      follow: source.follow,
      afterId: () => current.current.afterId,
      onTurn: (res, sentAfter) => {
        if (gen === generation.current) dispatch({ type: 'followed', res, sentAfter });
      },
      onFatal: (error) => {
        if (gen === generation.current) fail(error);
      },
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [following, source, fail]);

  // Pacing: one bubble at a time, the typing indicator before each bot bubble.
  const { revealed, messages } = state;
  useEffect(() => {
    const next = messages[revealed];
    if (!next) return;
    const wait = next.user_or_bot === 'user' ? 0 : bubbleDelayMs(next.context, speed);
    const timer = setTimeout(() => dispatch({ type: 'reveal' }), wait);
    return () => clearTimeout(timer);
  }, [revealed, messages, speed]);

  const send = useCallback(
    (answer: AnswerValue, display: string) => {
      const s = current.current;
      const input = s.input;
      if (!source || !input || s.sending !== null || s.revealed < s.messages.length) return;
      const gen = generation.current;
      dispatch({ type: 'sending', text: display });
      source
        .answer(
          {
            unique_question_id: input.unique_question_id,
            nachfrage_id: input.nachfrage_id,
            turn: input.turn,
            answer,
          },
          // The input on screen came from this source's own answers.
          input as NonNullable<T['input']>,
        )
        .then(
          (res) => {
            if (gen === generation.current) dispatch({ type: 'answered', res });
          },
          (error: unknown) => {
            if (gen !== generation.current) return;
            if (error instanceof ApiError && error.status === 409) {
              // Someone else answered this question: catch up with the server's history, say so, and
              // keep what was typed for the question now asked.
              source.history().then(
                (res) =>
                  dispatch({
                    type: 'loaded',
                    res,
                    resumed: true,
                    info: texts.answerStale,
                    carried: carriesText(answer, input, res.input) ? answer : undefined,
                  }),
                (again: unknown) => fail(again),
              );
              return;
            }
            fail(error, { unsent: answer });
          },
        );
    },
    [source, fail, texts],
  );

  const allShown = state.revealed >= state.messages.length;
  const showsInput = state.phase === 'ready' && state.input !== null && (allShown || state.sending !== null);
  return {
    state,
    typing: messages[revealed]?.user_or_bot === 'bot',
    showsInput,
    canAnswer: showsInput && state.sending === null && allShown,
    send,
    retry: open,
  };
}
