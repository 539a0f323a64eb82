// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MAX_LENGTH } from '../../../contract/constants.ts';
import { ERROR_TITLES, MESSAGES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { useErrorStore } from '../../state/error.ts';
import { botEntry, textInput, turn, userEntry } from '../test-data.ts';
import type { ChatSource, ChatTurn } from './chat-types.ts';
import { useChatSession } from './use-chat-session.ts';

const texts = {
  loadFailed: 'Laden fehlgeschlagen',
  dialogEnded: MESSAGES.dialogEnded,
  answerTooLong: 'Zu lang',
  answerRejected: 'Nicht angenommen',
  answerFailed: 'Nicht gesendet',
  answerStale: 'Schon beantwortet',
  genericError: MESSAGES.genericError,
};

function fakeSource(overrides: Partial<ChatSource> = {}): ChatSource {
  return {
    open: vi.fn(async () => ({
      res: turn([botEntry('Hallo'), botEntry('Wie heißen Sie?')], textInput()),
      resumed: false,
    })),
    history: vi.fn(async () => turn([botEntry('Hallo')], textInput({ turn: 3 }))),
    answer: vi.fn(async () => turn([userEntry('Anna'), botEntry('Danke, Anna!')], null, true)),
    ...overrides,
  };
}

describe('useChatSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useErrorStore.getState().hideError();
  });
  afterEach(() => vi.useRealTimers());

  const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
  /** Lets time pass in steps, so each re-render can schedule the next bubble. */
  async function pass(ms: number) {
    for (let t = 0; t < ms; t += 250) await act(async () => void (await vi.advanceTimersByTimeAsync(250)));
  }

  it('reveals a new chat bubble by bubble behind the typing indicator, then lets the respondent answer', async () => {
    const source = fakeSource();
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    expect(result.current.state.revealed).toBe(0);
    expect(result.current.typing).toBe(true);
    expect(result.current.canAnswer).toBe(false);
    await pass(5000);
    expect(result.current.state.revealed).toBe(2);
    expect(result.current.typing).toBe(false);
    expect(result.current.canAnswer).toBe(true);

    act(() => result.current.send('Anna ', 'Anna'));
    expect(result.current.state.sending).toBe('Anna');
    expect(result.current.canAnswer).toBe(false);
    await flush();
    expect(source.answer).toHaveBeenCalledWith(
      { unique_question_id: 'q1', nachfrage_id: null, turn: 0, answer: 'Anna ' },
      expect.objectContaining({ unique_question_id: 'q1' }),
    );
    expect(result.current.state.revealed).toBe(3);
    await pass(5000);
    expect(result.current.state).toMatchObject({ revealed: 4, finished: true, input: null });
  });

  it('persists what the server confirmed', async () => {
    const persist = vi.fn();
    const source = fakeSource({ persist });
    renderHook(() => useChatSession(source, 1, texts));
    await flush();
    expect(persist).toHaveBeenLastCalledWith([
      expect.objectContaining({ context: 'Hallo' }),
      expect.anything(),
    ]);
  });

  it('catches up with the server history after a 409', async () => {
    const source = fakeSource({
      open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
      answer: async () => {
        throw new ApiError(409, ERROR_TITLES.conflict, 'nicht mehr aktuell');
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    act(() => result.current.send('x', 'x'));
    await flush();
    expect(source.history).toHaveBeenCalled();
    expect(result.current.state.input?.turn).toBe(3);
    // Said once the history is back; what was typed goes into the field of the question now asked.
    expect(result.current.state).toMatchObject({
      info: texts.answerStale,
      notice: null,
      unsent: { answer: 'x', carried: true },
    });
    expect(useErrorStore.getState().show).toBe(false);
    act(() => result.current.send('y', 'y'));
    expect(result.current.state.info).toBeNull();
  });

  it("after a 409 keeps no text for options, nor the Q&A's button answer", async () => {
    const choice = textInput({ type: 'single_choice', options: ['Ja', 'Nein'], turn: 3 });
    const qa = textInput({ type: 'qa', options: ['Weiter'] });
    const conflict = async () => {
      throw new ApiError(409, ERROR_TITLES.conflict, 'nicht mehr aktuell');
    };
    for (const [asked, answer, next] of [
      [textInput(), 'Meine Antwort', choice],
      [qa, 'Weiter', textInput({ turn: 3 })],
    ] as const) {
      const source = fakeSource({
        open: async () => ({ res: turn([botEntry('Frage')], asked), resumed: true }),
        history: async () => turn([botEntry('Frage')], next),
        answer: conflict,
      });
      const { result, unmount } = renderHook(() => useChatSession(source, 1, texts));
      await flush();
      act(() => result.current.send(answer, answer));
      await flush();
      expect(result.current.state).toMatchObject({ info: texts.answerStale, unsent: null });
      unmount();
    }
  });

  it.each([ERROR_TITLES.dialogInactive, ERROR_TITLES.notEnoughSegments])(
    "'%s' shows SPEC's dialog-ended text and the error dialog (SPEC §8), and no input",
    async (title) => {
      const source = fakeSource({
        open: async () => {
          throw new ApiError(403, title, 'egal');
        },
      });
      const { result } = renderHook(() => useChatSession(source, 1, texts));
      await flush();
      expect(result.current.state).toMatchObject({ phase: 'inactive', notice: MESSAGES.dialogEnded });
      expect(useErrorStore.getState()).toMatchObject({ show: true, title });
      expect(result.current.showsInput).toBe(false);
    },
  );

  it("the next question's input shows only once its question and the messages before it are shown", async () => {
    const next = textInput({
      type: 'single_choice',
      unique_question_id: 'q2',
      turn: 1,
      options: ['Ja', 'Nein'],
    });
    const source = fakeSource({
      open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
      answer: vi.fn(async () =>
        turn([userEntry('Anna'), botEntry('Danke, Anna!'), botEntry('Weiter?')], next),
      ),
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    expect(result.current).toMatchObject({ showsInput: true, canAnswer: true });
    act(() => result.current.send('Anna', 'Anna'));
    // While the answer is on its way, the answered question's input stays (disabled).
    expect(result.current).toMatchObject({ showsInput: true, canAnswer: false });
    await flush();
    expect(result.current.state.input).toEqual(next);
    expect(result.current.state.revealed).toBe(2);
    expect(result.current).toMatchObject({ typing: true, showsInput: false, canAnswer: false });
    await pass(5000);
    expect(result.current.state.revealed).toBe(4);
    expect(result.current).toMatchObject({ typing: false, showsInput: true, canAnswer: true });
  });

  /** A chat with one question whose answer `answer` fails with `error`, after the answer. */
  async function failedAnswer(error: ApiError, answer: string) {
    const source = fakeSource({
      open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
      answer: async () => {
        throw error;
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    act(() => result.current.send(answer, answer));
    await flush();
    return result;
  }

  it('a failed answer keeps the input for another try and shows why', async () => {
    const result = await failedAnswer(new ApiError(0, 'network_error', 'Keine Antwort vom Server.'), 'x');
    // The dialog is loaded: only the answer did not get through.
    expect(result.current.state.notice).toBe(texts.answerFailed);
    expect(result.current.canAnswer).toBe(true);
    expect(result.current.state.unsent).toEqual({ answer: 'x' });
    expect(useErrorStore.getState().show).toBe(false);
  });

  it('a chat that gets no response while loading says the dialog could not be loaded', async () => {
    const source = fakeSource({
      open: async () => {
        throw new ApiError(0, 'network_error', 'Keine Antwort vom Server.');
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    expect(result.current.state).toMatchObject({ phase: 'failed', notice: texts.loadFailed });
  });

  it('any other failure gets the generic display of SPEC §8: the error dialog, the note with the status', async () => {
    const result = await failedAnswer(new ApiError(500, 'internal', 'boom'), 'Anna');
    const generic = 'Ein Fehler ist aufgetreten. (500)';
    expect(useErrorStore.getState()).toMatchObject({ show: true, title: 'boom', msg: generic });
    expect(result.current.state).toMatchObject({
      phase: 'ready',
      notice: generic,
      unsent: { answer: 'Anna' },
    });
  });

  it('a chat that fails to load with a server error gets the generic display and can be opened again', async () => {
    const source = fakeSource({
      open: async () => {
        throw new ApiError(500, 'internal_error', '');
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    expect(useErrorStore.getState()).toMatchObject({
      show: true,
      title: 'internal_error',
      msg: 'Ein Fehler ist aufgetreten. (500)',
    });
    expect(result.current.state).toMatchObject({
      phase: 'failed',
      notice: 'Ein Fehler ist aufgetreten. (500)',
    });
  });

  it("a refused answer comes back with a plain message, never the server's field name", async () => {
    const long = 'a'.repeat(ANSWER_MAX_LENGTH + 500);
    const source = fakeSource({
      open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
      answer: async ({ answer }) => {
        const text = typeof answer === 'string' && answer.length > ANSWER_MAX_LENGTH;
        throw new ApiError(
          400,
          ERROR_TITLES.validation,
          text ? 'answer: höchstens 5000 Zeichen' : 'answer: muss ein Text sein',
        );
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    act(() => result.current.send(long, long));
    await flush();
    expect(result.current.state).toMatchObject({
      phase: 'ready',
      sending: null,
      notice: texts.answerTooLong,
      unsent: { answer: long },
    });
    expect(result.current.canAnswer).toBe(true);
    act(() => result.current.send('kurz', 'kurz'));
    expect(result.current.state.unsent).toBeNull();
    await flush();
    expect(result.current.state).toMatchObject({ notice: texts.answerRejected, unsent: { answer: 'kurz' } });
  });

  it('an answer the server took is not handed back', async () => {
    const source = fakeSource({
      open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    act(() => result.current.send('Anna', 'Anna'));
    await flush();
    expect(result.current.state).toMatchObject({ notice: null, unsent: null });
  });

  it('server_busy leaves the message to the banner; a lost session offers to open the chat again', async () => {
    let failure = new ApiError(503, ERROR_TITLES.serverBusy, MESSAGES.serverBusy);
    const source = fakeSource({
      open: vi.fn(async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true })),
      answer: async () => {
        throw failure;
      },
    });
    const { result } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    act(() => result.current.send('x', 'x'));
    await flush();
    expect(result.current.state).toMatchObject({ phase: 'ready', notice: null, sending: null });
    failure = new ApiError(401, ERROR_TITLES.unauthorized, 'abgelaufen');
    act(() => result.current.send('x', 'x'));
    await flush();
    expect(result.current.state.phase).toBe('failed');
    act(() => result.current.retry());
    await flush();
    expect(source.open).toHaveBeenCalledTimes(2);
    expect(result.current.state.phase).toBe('ready');
  });

  it('follows a waiting game with one long poll at a time and stops it on unmount', async () => {
    const signals: AbortSignal[] = [];
    let release: (res: ChatTurn) => void = () => {};
    const follow = vi.fn(
      (_after: number, signal: AbortSignal) =>
        new Promise<ChatTurn>((resolve) => {
          signals.push(signal);
          release = resolve;
        }),
    );
    const source = fakeSource({
      open: async () => ({
        res: {
          messages: [{ ...botEntry('Warte'), id: 1 }],
          input: null,
          finished: false,
          waiting: true,
          after_id: 1,
        },
        resumed: true,
      }),
      follow,
    });
    const { result, unmount, rerender } = renderHook(() => useChatSession(source, 1, texts));
    await flush();
    rerender();
    expect(result.current.state.waiting).toBe(true);
    expect(follow).toHaveBeenCalledTimes(1);
    expect(follow).toHaveBeenLastCalledWith(1, expect.anything());
    await act(async () => {
      release({
        messages: [{ ...botEntry('Weiter'), id: 2 }],
        input: textInput(),
        finished: false,
        waiting: false,
        after_id: 2,
      });
    });
    await pass(3000);
    expect(result.current.state).toMatchObject({ waiting: false, afterId: 2, revealed: 2 });
    expect(result.current.canAnswer).toBe(true);
    expect(follow).toHaveBeenCalledTimes(2);
    expect(follow).toHaveBeenLastCalledWith(2, expect.anything());
    // Both polls belong to one loop, which the unmount ends.
    expect(new Set(signals).size).toBe(1);
    expect(signals[0]!.aborted).toBe(false);
    unmount();
    expect(signals[0]!.aborted).toBe(true);
  });

  it('without a source (no consent yet) nothing is loaded', async () => {
    const { result } = renderHook(() => useChatSession(null, 1, texts));
    await flush();
    expect(result.current.state.phase).toBe('loading');
    expect(result.current.state.messages).toEqual([]);
  });
});
