import { describe, expect, it } from 'vitest';
import { parse } from '../../../contract/text-content.ts';
import { testDialog } from '../../test/chat-fixtures.ts';
import { allTexts, last, NOW, play, start, texts } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';

describe('follow-ups, reactions and acknowledgements', () => {
  const d = testDialog([
    {
      id: 'q',
      type: 'single_choice',
      context: 'Zufrieden?',
      options: ['ja', 'nein'],
      jump_to_ids: [null, 'sad'],
      jump_to_reactions: ['Schön!', 'Schade.§§#800#§§Wirklich schade.'],
      nachfrage: 'Warum?',
      acknowledgement: 'Danke für Ihre Antwort.',
    },
    { id: 'happy', type: 'message', context: 'HAPPY', is_end: 1 },
    { id: 'sad', type: 'message', context: 'SAD', is_end: 1 },
  ]);

  it('order: answer, reaction, follow-up; then its answer, acknowledgement, and the option jump', () => {
    const [, afterAnswer, afterFollowUp] = play(d, ['nein', 'Zu teuer']);
    expect(afterAnswer!.messages.map((m) => [m.user_or_bot, m.type, m.context, m.nachfrage_id])).toEqual([
      ['user', 'single_choice-r', 'nein', null],
      ['bot', 'reaction', 'Schade.', null],
      ['bot', 'reaction', '#800#§§Wirklich schade.', null],
      ['bot', 'nachfrage', 'Warum?', 'q'],
    ]);
    expect(afterAnswer!.messages[0]!.finished_question_id).toBeNull();
    expect(afterAnswer!.messages[3]!.current_question_id).toBe('q');
    expect(afterAnswer!.input).toMatchObject({
      type: 'nachfrage',
      unique_question_id: 'q',
      nachfrage_id: 'q',
    });
    expect(afterAnswer!.answers).toEqual([expect.objectContaining({ kind: 'answer', value: 'nein' })]);

    expect(afterFollowUp!.messages.map((m) => [m.user_or_bot, m.type, m.context])).toEqual([
      ['user', 'nachfrage-r', 'Zu teuer'],
      ['bot', 'acknowledgement', 'Danke für Ihre Antwort.'],
      ['bot', 'message', 'SAD'],
      ['bot', 'ending', 'Danke und tschüss!'],
    ]);
    expect(afterFollowUp!.messages[0]).toMatchObject({ nachfrage_id: 'q', finished_question_id: 'q' });
    expect(afterFollowUp!.answers).toEqual([
      expect.objectContaining({ kind: 'nachfrage', value: 'Zu teuer', unique_question_id: 'q' }),
    ]);
    expect(afterFollowUp!.finished).toBe(true);
  });

  it('the follow-up is asked once; an answer without nachfrage_id is stale', () => {
    const [, afterAnswer] = play(d, ['ja']);
    const plain = runChat(d, afterAnswer!.state, {
      kind: 'answer',
      now: NOW,
      unique_question_id: 'q',
      answer: 'ja',
    });
    expect(plain.outcome).toBe('stale');
    const steps = play(d, ['ja', 'Weil es gut war']);
    expect(allTexts(steps).filter((t) => t === 'Warum?')).toHaveLength(1);
    expect(texts(last(steps))).toEqual(['Danke für Ihre Antwort.', 'HAPPY', 'Danke und tschüss!']);
  });

  it('an empty follow-up answer is asked again', () => {
    const steps = play(d, ['ja', '  ']);
    expect(last(steps).outcome).toBe('invalid');
    expect(last(steps).input).toMatchObject({ type: 'nachfrage', nachfrage_id: 'q' });
    expect(last(steps).messages[1]).toMatchObject({
      type: 'invalid',
      nachfrage_id: 'q',
      current_question_id: 'q',
    });
  });

  it('reactions of every chosen option of a multiple choice; a branch reaction of free text', () => {
    const multi = testDialog([
      { id: 'q', type: 'multiple_choice', options: ['a', 'b', 'c'], jump_to_reactions: ['RA', '', 'RC'] },
      { id: 'n', type: 'email' },
    ]);
    expect(texts(play(multi, [['c', 'b', 'a']])[1]!)).toEqual([
      'RA',
      'RC',
      'Wie lautet Ihre E-Mail-Adresse?',
    ]);
    const free = testDialog([
      { id: 'q', type: 'open_text', options: ['Preis'], jump_to_reactions: ['Zum Preis:'] },
      { id: 'n', type: 'email', context: 'N' },
    ]);
    expect(texts(play(free, ['der Preis'])[1]!)).toEqual(['Zum Preis:', 'N']);
  });
});

describe('variables and piping', () => {
  it('stores answers under their variable and fills {{variable}} in later texts', () => {
    const d = testDialog([
      { id: 'name', type: 'open_text', context: 'Name?', variable: 'name' },
      { id: 'age', type: 'number', context: 'Alter, {{name}}?', variable: 'alter' },
      { id: 'm', type: 'message', context: 'Hallo {{name}} ({{alter}}), {{unbekannt}}ok.§§{{unbekannt}}' },
      { id: 'q', type: 'email', context: 'Mail von {{name}}?' },
    ]);
    const steps = play(d, ['Erika', '3,5']);
    expect(texts(steps[1]!)).toEqual(['Alter, Erika?']);
    expect(texts(steps[2]!)).toEqual(['Hallo Erika (3,5), ok.', 'Mail von Erika?']);
    expect(last(steps).state.vars).toEqual({ name: 'Erika', alter: '3,5' });
  });

  it('a piped value stays plain text: no media, delay or extra bubble can be smuggled in', () => {
    const d = testDialog([
      { id: 'name', type: 'open_text', variable: 'v' },
      { id: 'q', type: 'email', context: '{{v}}' },
    ]);
    for (const evil of ['image:https://evil.example/x.png', '#5000#', 'a§§link_url:https://evil', 'x§']) {
      const [context] = texts(play(d, [evil])[1]!);
      const items = parse(context!);
      expect(items).toHaveLength(1);
      expect(items[0]!.kind).toBe('text');
    }
  });

  it('a variable named like an Object member does not leak anything', () => {
    const d = testDialog([{ id: 'q', type: 'email', context: 'x{{constructor}}{{__proto__}}y' }]);
    expect(texts(start(d))[1]).toBe('xy');
  });

  it('multiple choice and dates are stored for piping as shown', () => {
    const d = testDialog([
      { id: 'm', type: 'multiple_choice', options: ['A', 'B'], variable: 'wahl' },
      { id: 'd', type: 'date', variable: 'tag' },
      { id: 'q', type: 'email', context: '{{wahl}} am {{tag}}' },
    ]);
    expect(texts(play(d, [['B', 'A'], '2024-03-01'])[2]!)).toEqual(['A, B am 01.03.2024']);
  });
});
