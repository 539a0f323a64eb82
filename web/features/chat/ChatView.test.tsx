// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat.ts';
import { ChatView } from './ChatView.tsx';
import { chatLook } from './chat-look.ts';
import { respondentTexts } from './respondent-texts.ts';
import { botEntry, textInput, userEntry } from './test-data.ts';
import { type ChatSession, INITIAL_CHAT } from './use-chat-session.ts';

/** Everything from the server is shown as text: block texts, answers, link and media addresses. */

function session(messages: ChatMessage[]): ChatSession {
  return {
    state: {
      ...INITIAL_CHAT,
      phase: 'ready',
      messages,
      revealed: messages.length,
      instantUntil: messages.length,
      input: textInput(),
    },
    typing: false,
    canAnswer: true,
    send: () => undefined,
    retry: () => undefined,
  };
}

const XSS_IMG = '<img src=x onerror=window.__xss=1>';
const XSS_SCRIPT = '<script>window.__xss=1</script>';

describe('ChatView', () => {
  afterEach(cleanup);

  it('renders HTML in block texts and answers as literal text', () => {
    const { container } = render(
      <ChatView
        session={session([botEntry(XSS_IMG), userEntry(XSS_SCRIPT), botEntry(`a§§${XSS_SCRIPT}`)])}
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

  it('shows links and media only for safe addresses', () => {
    const { container } = render(
      <ChatView
        session={session([
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
    render(
      <ChatView
        session={session([botEntry('Frage')])}
        look={chatLook(null)}
        texts={respondentTexts('de')}
        remember={false}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Ihre Antwort' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
  });
});
