import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatInput } from '../../../contract/chat.ts';
import { ApiError } from '../../api/client.ts';
import { genericErrorInfo, useErrorStore } from '../../state/error.ts';
import { isTypedInput } from '../inputs/input-kind.ts';
import { chatReducer, INITIAL_CHAT } from './chat-reducer.ts';
import type { AnswerValue, ChatSession, ChatSource, ChatTexts, ChatTurn } from './chat-types.ts';
import {
  answerNoticeFor,
  isGeneric,
  isInactive,
  isLinkRefused,
  isRefused,
  noticeFor,
} from './failure-notices.ts';
import { runFollowLoop } from './follow-loop.ts';
import { bubbleDelayMs } from './pacing.ts';

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

/**
 * One chat on screen: loads it from a ChatSource (a single dialog, live or assessment, or a multi-dialog
 * chat), reveals new bot bubbles one by one behind the typing indicator, sends answers, follows a
 * multi-dialog chat's long poll and keeps the server's history as the truth.
 *
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
      if (isLinkRefused(error)) {
        // The link lacks what the dialog needs: said instead of the chat, without 'try again'.
        dispatch({ type: 'failed', notice: (error as ApiError).msg, phase: 'inactive' });
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
    (answer: AnswerValue, display: string, skip = false) => {
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
            ...(skip ? { skip } : {}),
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
