// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_MAX_LENGTH } from '../../contract/constants.ts';
import { ChatView } from './ChatView.tsx';
import { chatLook } from './chat-look.ts';
import { mediaName } from './MessageContent.tsx';
import { renderChat } from './render-chat.tsx';
import { type RespondentTexts, respondentTexts } from './respondent-texts.ts';
import type { ChatSource, ChatTurn } from './session/chat-types.ts';
import { useChatSession } from './session/use-chat-session.ts';
import { botEntry, readySession, textInput, turn, userEntry } from './test-data.ts';
// Texts other than German with 'Sie' (a chunk of their own in the app).
import './respondent-texts-more.ts';

/** Focus, direction, speaker labels and notices of the respondent chat (keyboard and screen readers). */

const de = respondentTexts('de');

/** A chat whose server answers when the test says so (reply), one turn per answer. */
function scripted(first: ChatTurn) {
  const pending: ((res: ChatTurn) => void)[] = [];
  const source: ChatSource = {
    open: async () => ({ res: first, resumed: false }),
    history: async () => first,
    answer: () => new Promise<ChatTurn>((resolve) => pending.push(resolve)),
  };
  const reply = async (res: ChatTurn) => {
    await waitFor(() => expect(pending.length).toBe(1));
    await act(async () => pending.shift()?.(res));
  };
  return { source, reply };
}

function Chat({ source, texts = de }: { source: ChatSource; texts?: RespondentTexts }) {
  // Speed 1000: the typing pauses take no time.
  const chat = useChatSession(source, 1000, texts);
  return <ChatView session={chat} look={chatLook(null)} texts={texts} remember={false} />;
}

const focused = () => document.activeElement;

/** The text a screen reader gets from an element: without what is aria-hidden (avatars, shown names). */
function spokenText(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return [...node.childNodes].map(spokenText).join('');
}

describe('ChatView focus', () => {
  afterEach(cleanup);

  it('moves on to each next input after an answer, and to the closing words at the end', async () => {
    const { source, reply } = scripted(turn([botEntry('Wie heißen Sie?')], textInput()));
    render(<Chat source={source} />);
    const field = (await screen.findByRole('textbox', { name: 'Ihre Antwort' })) as HTMLTextAreaElement;
    await waitFor(() => expect(field.readOnly).toBe(false));
    // The typed answer's field takes focus on its own, as it always did.
    expect(focused()).toBe(field);

    fireEvent.change(field, { target: { value: 'Anna' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    // On its way: still focused and not disabled (a phone keeps its keyboard), but nothing more is sent.
    expect(field.disabled).toBe(false);
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute('aria-busy')).toBe('true');
    expect(focused()).toBe(field);
    fireEvent.change(field, { target: { value: 'Anna' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    await reply(
      turn(
        [userEntry('Anna'), botEntry('Lieblingsfarbe, Anna?')],
        textInput({ type: 'single_choice', unique_question_id: 'q2', options: ['Rot', 'Blau'] }),
      ),
    );
    const colours = await screen.findByRole('group', { name: 'Lieblingsfarbe, Anna?' });
    await waitFor(() => expect(focused()).toBe(within(colours).getByRole('button', { name: 'Rot' })));

    fireEvent.click(screen.getByRole('button', { name: 'Blau' }));
    await reply(
      turn(
        [userEntry('Blau'), botEntry('Wie zufrieden sind Sie?')],
        textInput({
          type: 'likert',
          unique_question_id: 'q3',
          options: ['gar nicht', 'sehr', 'keine Angabe'],
        }),
      ),
    );
    const scale = await screen.findByRole('radiogroup', { name: 'Wie zufrieden sind Sie?' });
    await waitFor(() => expect(focused()).toBe(within(scale).getByRole('radio', { name: 'gar nicht' })));

    fireEvent.click(screen.getByRole('radio', { name: 'sehr' }));
    await reply(
      turn(
        [userEntry('sehr'), botEntry('Was essen Sie gern?')],
        textInput({ type: 'multiple_choice', unique_question_id: 'q4', options: ['Obst', 'Käse'] }),
      ),
    );
    const food = await screen.findByRole('group', { name: 'Was essen Sie gern?' });
    await waitFor(() => expect(focused()).toBe(within(food).getByRole('button', { name: 'Obst' })));

    fireEvent.click(screen.getByRole('button', { name: 'Käse' }));
    fireEvent.click(screen.getByRole('button', { name: de.confirmChoice }));
    await reply(
      turn(
        [userEntry('Käse'), botEntry('Wie alt sind Sie?')],
        textInput({ type: 'number', unique_question_id: 'q5' }),
      ),
    );
    const age = await screen.findByRole('textbox', { name: 'Ihre Antwort' });
    await waitFor(() => expect(focused()).toBe(age));

    fireEvent.change(age, { target: { value: '42' } });
    fireEvent.submit(age);
    await reply(turn([userEntry('42'), botEntry('Vielen Dank!')], null, true));
    const log = screen.getByRole('log');
    const done = await within(log).findByText(de.finished);
    await waitFor(() => expect(focused()).toBe(done));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the same focused field from one typed question to the next', async () => {
    const { source, reply } = scripted(turn([botEntry('Wie heißen Sie?')], textInput()));
    render(<Chat source={source} />);
    const field = (await screen.findByRole('textbox', { name: 'Ihre Antwort' })) as HTMLTextAreaElement;
    await waitFor(() => expect(field.readOnly).toBe(false));
    fireEvent.change(field, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: de.send }));
    expect(focused()).toBe(field);
    await reply(
      turn(
        [userEntry('Anna'), botEntry('Danke, Anna.'), botEntry('Was machen Sie beruflich?')],
        textInput({ unique_question_id: 'q2', placeholder: 'Beruf …' }),
      ),
    );
    await screen.findByText('Was machen Sie beruflich?');
    await waitFor(() => expect(field.readOnly).toBe(false));
    expect(screen.getByRole('textbox', { name: 'Ihre Antwort' })).toBe(field);
    expect(focused()).toBe(field);
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('Beruf …');
  });

  it('does not take focus on page load for options', () => {
    render(
      <ChatView
        session={readySession([botEntry('Ja oder nein?')], {
          input: textInput({ type: 'single_choice', options: ['Ja', 'Nein'] }),
        })}
        look={chatLook(null)}
        texts={de}
        remember={false}
      />,
    );
    expect(screen.getByRole('group', { name: 'Ja oder nein?' })).toBeTruthy();
    expect(focused()).toBe(document.body);
  });
});

describe('ChatView for screen readers and right-to-left text', () => {
  afterEach(cleanup);

  const look = { ...chatLook(null), avatarName: 'Lena' };

  it.each([
    ['de', 'sie', 'Sie'],
    ['de', 'du', 'Du'],
    ['en', 'sie', 'You'],
  ] as const)('names who said what (%s, %s)', (language, address, you) => {
    const texts = respondentTexts(language, address);
    render(
      <ChatView
        session={readySession([botEntry('Wie heißen Sie?'), userEntry('Anna')])}
        look={look}
        texts={texts}
        remember={false}
      />,
    );
    const rows = [...screen.getByRole('log').children].map(spokenText).filter(Boolean);
    expect(rows).toEqual(['Lena: Wie heißen Sie?', `${you}: Anna`]);
    expect(texts.speakerYou).toBe(you);
  });

  it('names an unnamed avatar as the chatbot, and a group chat each bubble by its dialog', () => {
    render(
      <ChatView
        session={readySession([
          { ...botEntry('Hallo'), survey_id: 'A' },
          { ...botEntry('Hi'), survey_id: 'B' },
        ])}
        look={chatLook(null)}
        group={{ title: 'Flow', speakers: { A: { name: 'Mia', avatarSrc: null } }, startId: 'A' }}
        texts={de}
        remember={false}
      />,
    );
    const rows = [...screen.getByRole('log').children].map(spokenText).filter(Boolean);
    // A dialog without a config speaks unnamed, never as another dialog.
    expect(rows).toEqual(['Mia: Hallo', 'Chatbot: Hi']);
    // The name shown over the first bubble is not read a second time.
    expect(within(screen.getByRole('log')).getByText('Mia').getAttribute('aria-hidden')).toBe('true');
  });

  it('takes the direction of bubbles, options and the field from their text (dir=auto)', () => {
    render(
      <ChatView
        session={readySession([botEntry('שלום, מה שלומך?'), userEntry('مرحبا')])}
        look={look}
        texts={de}
        remember={false}
      />,
    );
    expect(screen.getByText('שלום, מה שלומך?').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('مرحبا').getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('textbox', { name: 'Ihre Antwort' }).getAttribute('dir')).toBe('auto');
  });

  it('puts the closing words into the log, so they are announced', () => {
    render(
      <ChatView
        session={{
          ...readySession([botEntry('Danke!')], { input: null, finished: true }),
          showsInput: false,
          canAnswer: false,
        }}
        look={look}
        texts={de}
        remember={false}
      />,
    );
    expect(within(screen.getByRole('log')).getByText(de.finished)).toBeTruthy();
    // Nothing was answered here: focus stays where it was.
    expect(focused()).toBe(document.body);
  });

  it('names media by their file where it says something', () => {
    const { container } = render(
      <ChatView
        session={readySession([
          botEntry('image:file:sonnenuntergang_am_meer.jpg'),
          botEntry('image:file:kQ3x9_Lm2-Zr8TbW4pYv1sNe.png'),
          botEntry('audio:https://example.org/audio/begr%C3%BC%C3%9Fung.mp3?x=1'),
          botEntry('video:file:kQ3x9_Lm2-Zr8TbW4pYv1sNe.mp4'),
        ])}
        look={look}
        texts={de}
        remember={false}
      />,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.alt)).toEqual([
      'sonnenuntergang am meer',
      de.image,
    ]);
    expect(container.querySelector('audio')?.getAttribute('aria-label')).toBe('Audionachricht: begrüßung');
    expect(container.querySelector('video')?.getAttribute('aria-label')).toBe('Video');
    expect(mediaName({ url: 'https://example.org/' })).toBeNull();
  });
});

describe('ChatView answer field', () => {
  afterEach(cleanup);

  const view = () => renderChat(readySession([botEntry('Erzählen Sie!')]), { texts: de });

  it('says so when a paste does not fit, instead of cutting it silently', () => {
    view();
    const field = screen.getByRole('textbox', { name: 'Ihre Antwort' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.paste(field, { clipboardData: { getData: () => 'x'.repeat(10_000) } });
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toBe(de.answerTooLong);
    expect(field.getAttribute('aria-describedby')).toBe(notice.id);
    // The browser cut it to the limit: the notice stays; shortened, it goes.
    fireEvent.change(field, { target: { value: 'x'.repeat(ANSWER_MAX_LENGTH) } });
    expect(screen.getByRole('alert').textContent).toBe(de.answerTooLong);
    fireEvent.change(field, { target: { value: 'x'.repeat(ANSWER_MAX_LENGTH - 1) } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });

  it('says so when typing reaches the limit; a paste that fits says nothing', () => {
    view();
    const field = screen.getByRole('textbox', { name: 'Ihre Antwort' });
    fireEvent.paste(field, { clipboardData: { getData: () => 'kurz' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(field, { target: { value: 'y'.repeat(ANSWER_MAX_LENGTH) } });
    expect(screen.getByRole('alert').textContent).toBe(de.answerTooLong);
  });
});
