// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { ApiError } from '../api/client.ts';
import { useErrorStore } from '../state/error.ts';
import { observeResizes } from '../test-stubs.ts';
import { ChatView, type ChatViewProps } from './ChatView.tsx';
import { chatLook } from './chat-look.ts';
import { respondentTexts } from './respondent-texts.ts';
import { INITIAL_CHAT } from './session/chat-reducer.ts';
import type { ChatSession, ChatSource } from './session/chat-types.ts';
import { useChatSession } from './session/use-chat-session.ts';
import { botEntry, readySession, textInput, turn } from './test-data.ts';

/** Where the chat keeps the respondent: scrolled to the question, focus in its input, typed text kept. */

const texts = respondentTexts('de');
const view = (session: ChatSession, extra: Partial<ChatViewProps> = {}) => (
  <ChatView session={session} look={chatLook(null)} texts={texts} remember={false} {...extra} />
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useErrorStore.getState().hideError();
});

describe('ChatView scrolling on a resize', () => {
  /** The log's box: its content 1000 px high, `height` px of it visible. */
  function layOut(log: HTMLElement, height: number) {
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: height });
  }

  /** Where the list stands after the log shrinks from 500 to 200 px, the respondent at `scrolledTo`. */
  function afterShrinking(scrolledTo: number): number {
    const resized = observeResizes();
    render(view(readySession([botEntry('Frage')])));
    const log = screen.getByRole('log');
    layOut(log, 500);
    log.scrollTop = scrolledTo;
    fireEvent.scroll(log);
    layOut(log, 200);
    act(resized);
    return log.scrollTop;
  }

  it('stays at the end when the list gets shorter (a phone keyboard opens)', () => {
    expect(afterShrinking(500)).toBe(1000);
  });

  it('leaves the list where it is when the respondent had scrolled up to read', () => {
    expect(afterShrinking(100)).toBe(100);
  });
});

describe('ChatView focus', () => {
  const choice = textInput({ type: 'single_choice', options: ['Ja', 'Nein'] });

  it('after consent moves focus to the first input once it shows', () => {
    const loading: ChatSession = {
      ...readySession([]),
      state: { ...INITIAL_CHAT },
      showsInput: false,
      canAnswer: false,
    };
    const { rerender } = render(view(loading, { focusFirstInput: true }));
    expect(document.activeElement).toBe(document.body);
    rerender(view(readySession([botEntry('Ja oder nein?')], { input: choice }), { focusFirstInput: true }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ja' }));
  });

  it('without consent on this page leaves focus where it is (page load)', () => {
    render(view(readySession([botEntry('Ja oder nein?')], { input: choice })));
    expect(document.activeElement).toBe(document.body);
  });

  it("after the Q&A's 'Weiter' moves focus into the field of the next typed question", () => {
    const qa = textInput({ type: 'qa', options: ['Weiter'], placeholder: 'Ihre Frage …' });
    const asked = readySession([botEntry('Haben Sie Fragen?')], { input: qa });
    const { rerender } = render(view(asked));
    const next = screen.getByRole('button', { name: 'Weiter' });
    next.focus();
    fireEvent.click(next);
    // Disabled while it is sent: a browser drops its focus to the page (jsdom keeps it).
    next.blur();
    rerender(view({ ...asked, state: { ...asked.state, sending: 'Weiter' }, canAnswer: false }));
    expect(document.activeElement).toBe(document.body);
    rerender(
      view(
        readySession([botEntry('Haben Sie Fragen?'), botEntry('Können Sie das genauer beschreiben?')], {
          input: textInput({ type: 'gpt', unique_question_id: 'q2', turn: 1 }),
        }),
      ),
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: texts.answerLabel }));
  });
});

describe('ChatView with an answer that did not get through', () => {
  const asked = turn([botEntry('Was hat Ihnen gefallen?')], textInput());

  function Chat({ source }: { source: ChatSource }) {
    const chat = useChatSession(source, 1, texts);
    return view(chat);
  }

  async function answer(typed: string) {
    const field = (await screen.findByRole('textbox', { name: texts.answerLabel })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: texts.send }));
    return field;
  }

  it('says the answer could not be sent (not that the dialog could not load) and keeps the text', async () => {
    const source: ChatSource = {
      open: async () => ({ res: asked, resumed: true }),
      history: async () => asked,
      answer: async () => {
        throw new ApiError(0, 'network_error', 'Keine Antwort vom Server.');
      },
    };
    render(<Chat source={source} />);
    const field = await answer('Die Pausen');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ihre Antwort konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
    await waitFor(() => expect(field.value).toBe('Die Pausen'));
  });

  it('answered in another tab (409): reloads, says so and keeps the text for the question now asked', async () => {
    const now = turn(
      [botEntry('Was hat Ihnen gefallen?'), botEntry('Inhalte'), botEntry('Was können wir besser machen?')],
      textInput({ unique_question_id: 'q2', turn: 1 }),
    );
    const source: ChatSource = {
      open: async () => ({ res: asked, resumed: true }),
      history: async () => now,
      answer: async () => {
        throw new ApiError(409, ERROR_TITLES.conflict, texts.answerStale);
      },
    };
    render(<Chat source={source} />);
    const field = await answer('Meine ausführliche Antwort');
    await screen.findByText('Was können wir besser machen?');
    expect(screen.getByText(texts.answerStale).getAttribute('role')).toBe('status');
    await waitFor(() => expect(field.value).toBe('Meine ausführliche Antwort'));
    expect(document.activeElement).toBe(field);
  });

  it('a server error (500) gets the generic display; the note stays once the error dialog is closed', async () => {
    const source: ChatSource = {
      open: async () => ({ res: asked, resumed: true }),
      history: async () => asked,
      answer: async () => {
        throw new ApiError(500, 'internal', 'boom');
      },
    };
    render(<Chat source={source} />);
    const field = await answer('Alles gut');
    await waitFor(() => expect(useErrorStore.getState().show).toBe(true));
    expect(useErrorStore.getState()).toMatchObject({
      title: 'boom',
      msg: 'Ein Fehler ist aufgetreten. (500)',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => useErrorStore.getState().hideError());
    expect(screen.getByRole('alert').textContent).toBe('Ein Fehler ist aufgetreten. (500)');
    expect(screen.queryByText('boom')).toBeNull();
    await waitFor(() => expect(field.value).toBe('Alles gut'));
  });
});
