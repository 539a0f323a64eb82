// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat.ts';
import { ANSWER_MAX_LENGTH } from '../../contract/constants.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { ApiError } from '../api/client.ts';
import { useErrorStore } from '../state/error.ts';
import { ChatView } from './ChatView.tsx';
import { chatLook } from './chat-look.ts';
import { renderChat } from './render-chat.tsx';
import { respondentTexts } from './respondent-texts.ts';
import type { ChatSession, ChatSource } from './session/chat-types.ts';
import { useChatSession } from './session/use-chat-session.ts';
import { botEntry, readySession, textInput, turn, userEntry } from './test-data.ts';
// Texts other than German with 'Sie' (a chunk of their own in the app).
import './respondent-texts-more.ts';

/** Everything from the server is shown as text: block texts, answers, link and media addresses. */

const XSS_IMG = '<img src=x onerror=window.__xss=1>';
const XSS_SCRIPT = '<script>window.__xss=1</script>';

describe('ChatView', () => {
  /** A chat waiting for the typed answer to one question. */
  const askQuestion = (texts = respondentTexts('de')) =>
    renderChat(readySession([botEntry('Frage')]), { texts });

  afterEach(cleanup);

  it('renders HTML in block texts and answers as literal text', () => {
    const { container } = render(
      <ChatView
        session={readySession([botEntry(XSS_IMG), userEntry(XSS_SCRIPT), botEntry(`a§§${XSS_SCRIPT}`)])}
        look={chatLook(null)}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    expect(screen.getByText(XSS_IMG)).toBeTruthy();
    expect(screen.getAllByText(XSS_SCRIPT)).toHaveLength(2);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('keeps its note back while the error dialog says the same, and shows it once that is closed', () => {
    const notice = respondentTexts('de').dialogEnded;
    useErrorStore.getState().showError({ title: ERROR_TITLES.dialogInactive, msg: notice });
    render(
      <ChatView
        session={readySession([botEntry('Frage')], { notice, phase: 'inactive', input: null })}
        look={chatLook(null)}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    expect(screen.queryByText(notice)).toBeNull();
    act(() => useErrorStore.getState().hideError());
    expect(screen.getByRole('alert').textContent).toBe(notice);
  });

  it('shows links and media only for safe addresses', () => {
    const { container } = render(
      <ChatView
        session={readySession([
          botEntry('link_url:https://example.org|link_klick_name:Mehr erfahren'),
          botEntry('link_url:javascript:alert(1)|link_klick_name:Klick'),
          botEntry('image:file:bild.png'),
          botEntry('image:javascript:alert(1)'),
        ])}
        look={chatLook(null)}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    const link = screen.getByRole('link', { name: 'Mehr erfahren' });
    expect(link.getAttribute('href')).toBe('https://example.org');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Klick' })).toBeNull();
    expect(screen.getByText('Klick: javascript:alert(1)')).toBeTruthy();
    const images = [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(images).toEqual(['/media/bild.png']);
  });

  it('offers the input the server asks for', () => {
    askQuestion();
    expect(screen.getByRole('textbox', { name: 'Ihre Antwort' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
  });

  it("names the answer field in the dialog's form of address", () => {
    askQuestion(respondentTexts('de', 'du'));
    expect(screen.getByRole('textbox', { name: 'Deine Antwort' })).toBeTruthy();
  });

  it("takes at most the contract's answer length", () => {
    askQuestion();
    const field = screen.getByRole('textbox', { name: 'Ihre Antwort' }) as HTMLTextAreaElement;
    expect(field.maxLength).toBe(ANSWER_MAX_LENGTH);
  });
});

describe('ChatView with a refused answer', () => {
  afterEach(cleanup);

  /** A chat whose server refuses every answer as chat/answer does a too long one. */
  const refusing: ChatSource = {
    open: async () => ({ res: turn([botEntry('Frage')], textInput()), resumed: true }),
    history: async () => turn([botEntry('Frage')], textInput()),
    answer: async () => {
      throw new ApiError(400, ERROR_TITLES.validation, 'answer: höchstens 5000 Zeichen');
    },
  };

  function Chat({ address }: { address: 'du' | 'sie' }) {
    const texts = respondentTexts('de', address);
    const chat = useChatSession(refusing, 1, texts);
    return <ChatView session={chat} look={chatLook(null)} texts={texts} remember={false} />;
  }

  it.each(['sie', 'du'] as const)(
    'keeps the typed text in the field and says why in plain words (%s)',
    async (address) => {
      const texts = respondentTexts('de', address);
      render(<Chat address={address} />);
      const field = (await screen.findByRole('textbox', { name: texts.answerLabel })) as HTMLTextAreaElement;
      await waitFor(() => expect(field.disabled).toBe(false));
      const typed = `${'Eine lange Antwort. '.repeat(260)}Ende`;
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: texts.send }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(texts.answerTooLong);
      expect(alert.textContent).not.toMatch(/answer:/);
      expect(texts.answerTooLong).toContain(address === 'du' ? 'Deine Antwort' : 'Ihre Antwort');
      // The input comes back into the field (an effect after the failure shows).
      await waitFor(() => expect(field.value).toBe(typed));
      await waitFor(() => expect(field.disabled).toBe(false));
      expect(document.activeElement).toBe(field);
    },
  );
});

describe('ChatView of a multi-dialog chat (group chat)', () => {
  afterEach(cleanup);

  const berg = { name: 'Kommissarin Berg', avatarSrc: '/media/berg.png' };
  const mia = { name: 'Mia', avatarSrc: null };
  const says = (text: string, survey_id: string) => ({ ...botEntry(text), survey_id });
  const history = [
    says('Ich bin Kommissarin Berg.', 'A'),
    says('Schreib Mia.', 'A'),
    says('Hi, ich bin Mia.', 'B'),
    userEntry('Hallo Mia'),
    says('Ja?', 'B'),
  ];

  function shown(messages: ChatMessage[], revealed = messages.length): ChatSession {
    const base = readySession(messages);
    const typing = messages[revealed]?.user_or_bot === 'bot';
    return {
      ...base,
      state: { ...base.state, revealed, instantUntil: revealed },
      typing,
      showsInput: revealed >= messages.length,
      canAnswer: revealed >= messages.length,
    };
  }

  it("shows each bubble with its dialog's avatar, the name when the speaker changes, the game in the header", () => {
    const { container } = render(
      <ChatView
        session={shown(history)}
        look={chatLook(null)}
        group={{ title: 'Flow', speakers: { A: berg, B: mia }, startId: 'A' }}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    const log = screen.getByRole('log');
    expect(within(log).getAllByText('Kommissarin Berg')).toHaveLength(1);
    // Mia's name again after the respondent's answer, as in a group chat.
    expect(within(log).getAllByText('Mia')).toHaveLength(2);
    expect(log.querySelectorAll('img[src="/media/berg.png"]')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Flow' })).toBeTruthy();
    expect(container.textContent).toContain('Kommissarin Berg, Mia');
  });

  it('the typing indicator names the dialog about to write; without a title the header shows the speaker', () => {
    render(
      <ChatView
        session={shown(history, 2)}
        look={chatLook(null)}
        group={{ title: '', speakers: { A: berg, B: mia }, startId: 'A' }}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Mia schreibt …');
    expect(screen.getByRole('region', { name: 'Mia' })).toBeTruthy();
    expect(screen.queryByText(/Kommissarin Berg schreibt/)).toBeNull();
  });

  it('a dialog whose config failed speaks without a name, never as another dialog', () => {
    render(
      <ChatView
        session={shown([says('Wer ist da?', 'C')], 0)}
        look={chatLook(null)}
        group={{ title: 'Flow', speakers: { A: berg }, startId: 'A' }}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Jemand schreibt …');
  });
});

describe('ChatView input', () => {
  afterEach(cleanup);

  it("keeps the next question's options hidden while the messages before them are still typed", () => {
    const messages = [botEntry('Frage'), userEntry('Anna'), botEntry('Danke'), botEntry('Ja oder nein?')];
    const base = readySession(messages);
    const typingState: ChatSession = {
      ...base,
      state: {
        ...base.state,
        revealed: 2,
        instantUntil: 0,
        input: textInput({ type: 'single_choice', options: ['Ja', 'Nein'] }),
      },
      typing: true,
      showsInput: false,
      canAnswer: false,
    };
    const view = (s: ChatSession) => (
      <ChatView session={s} look={chatLook(null)} texts={respondentTexts('de')} remember={false} />
    );
    const { rerender } = render(view(typingState));
    expect(screen.queryByRole('button', { name: 'Ja' })).toBeNull();
    rerender(
      view({
        ...typingState,
        state: { ...typingState.state, revealed: 4 },
        typing: false,
        showsInput: true,
        canAnswer: true,
      }),
    );
    expect(screen.getByText('Ja oder nein?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ja' })).toBeTruthy();
  });
});
