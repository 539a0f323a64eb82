import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../../contract/blocks.ts';
import type { ChatInput } from '../../../contract/chat.ts';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { last, play, reply, start, texts } from '../../test/engine-play.ts';
import type { AnswerValue, EngineEnv, PreparedDialog } from './types.ts';

describe('valid answers of every input type', () => {
  it.each<[string, BlockSpec, AnswerValue, Partial<ChatInput>, object[], string]>([
    [
      'single choice',
      { id: 'q', type: 'single_choice', options: ['Rot', 'Grün'] },
      'Grün',
      { type: 'single_choice', options: ['Rot', 'Grün'] },
      [{ value: 'Grün', value_num: null, kind: 'answer' }],
      'Grün',
    ],
    [
      'single choice typed in another case and without umlaut',
      { id: 'q', type: 'single_choice', options: ['Rot', 'Grün'] },
      '  gruen ',
      {},
      [{ value: 'Grün' }],
      'Grün',
    ],
    [
      'multiple choice: one row per option, in option order',
      { id: 'q', type: 'multiple_choice', options: ['A', 'B', 'C'] },
      ['C', 'A', 'C'],
      { type: 'multiple_choice', options: ['A', 'B', 'C'] },
      [{ value: 'A' }, { value: 'C' }],
      'A, C',
    ],
    [
      'likert scores 1..n',
      { id: 'q', type: 'likert', options: ['nie', 'selten', 'oft'] },
      'selten',
      { type: 'likert', options: ['nie', 'selten', 'oft'], likert_na: 0 },
      [{ value: 'selten', value_num: 2 }],
      'selten',
    ],
    [
      'likert inverse scores the first option highest',
      { id: 'q', type: 'likert', options: ['nie', 'selten', 'oft'], inverse: 1 },
      'nie',
      {},
      [{ value: 'nie', value_num: 3 }],
      'nie',
    ],
    [
      'likert keine Angabe scores nothing',
      { id: 'q', type: 'likert', options: ['nie', 'oft'], likert_na: 1 },
      LIKERT_NA_LABEL,
      { options: ['nie', 'oft', LIKERT_NA_LABEL], likert_na: 1 },
      [{ value: LIKERT_NA_LABEL, value_num: null }],
      LIKERT_NA_LABEL,
    ],
    [
      'number with a German decimal comma',
      { id: 'q', type: 'number', min: 0, max: 10 },
      '3,5',
      { type: 'number', min: 0, max: 10, integer: 0 },
      [{ value: '3.5', value_num: 3.5 }],
      '3,5',
    ],
    [
      'number with German thousands dots and a decimal comma',
      { id: 'q', type: 'number' },
      '1.200,50',
      {},
      [{ value: '1200.5', value_num: 1200.5 }],
      '1.200,50',
    ],
    [
      'whole number with a German thousands dot',
      { id: 'q', type: 'number', integer: 1, max: 5000 },
      '1.200',
      {},
      [{ value: '1200', value_num: 1200 }],
      '1.200',
    ],
    [
      'number sent as a number',
      { id: 'q', type: 'number', integer: 1 },
      42,
      { integer: 1 },
      [{ value: '42', value_num: 42 }],
      '42',
    ],
    [
      'number on the bounds',
      { id: 'q', type: 'number', min: 1, max: 5, integer: 1 },
      '5',
      {},
      [{ value: '5', value_num: 5 }],
      '5',
    ],
    [
      'e-mail, trimmed',
      { id: 'q', type: 'email' },
      ' erika@example.org ',
      { type: 'email' },
      [{ value: 'erika@example.org' }],
      'erika@example.org',
    ],
    [
      'date as TT.MM.JJJJ',
      { id: 'q', type: 'date', min_date: '2000-01-01', max_date: '2030-12-31' },
      '29.2.2024',
      { type: 'date', min_date: '2000-01-01', max_date: '2030-12-31' },
      [{ value: '2024-02-29', value_num: Date.UTC(2024, 1, 29) }],
      '29.02.2024',
    ],
    [
      'date as JJJJ-MM-TT',
      { id: 'q', type: 'date' },
      '1999-12-31',
      {},
      [{ value: '1999-12-31' }],
      '31.12.1999',
    ],
    [
      'free text without branches',
      { id: 'q', type: 'open_text' },
      '  Mir geht es gut.  ',
      { type: 'open_text', options: [] },
      [{ value: 'Mir geht es gut.', branch: null, confidence: null }],
      'Mir geht es gut.',
    ],
  ])('%s', (_name, spec, answer, input, rows, shown) => {
    const d = testDialog([spec, { id: 'next', type: 'email', context: 'Weiter?' }]);
    const [first, second] = play(d, [answer]);
    expect(first!.input).toMatchObject({ unique_question_id: 'q', ...input });
    expect(second!.outcome).toBe('ok');
    expect(second!.answers).toEqual(
      rows.map((r) => expect.objectContaining({ unique_question_id: 'q', ...r })),
    );
    expect(second!.messages[0]).toMatchObject({
      user_or_bot: 'user',
      context: shown,
      finished_question_id: 'q',
    });
    expect(second!.input?.unique_question_id).toBe('next');
    expect(second!.state.turn).toBe(1);
  });
});

describe('bad answers are asked again with a friendly message and never stored', () => {
  it.each<[string, BlockSpec, AnswerValue, RegExp]>([
    ['e-mail without @', { id: 'q', type: 'email' }, 'erika.example.org', /gültigen E-Mail-Adresse/],
    ['e-mail without domain dot', { id: 'q', type: 'email' }, 'erika@example', /gültigen E-Mail-Adresse/],
    ['e-mail with a space', { id: 'q', type: 'email' }, 'eri ka@example.org', /gültigen E-Mail-Adresse/],
    ['not a number', { id: 'q', type: 'number' }, 'zwölf', /Bitte geben Sie eine Zahl ein/],
    ['a thousands dot before a decimal point', { id: 'q', type: 'number' }, '1.000.5', /Zahl ein/],
    ['not an integer', { id: 'q', type: 'number', integer: 1 }, '2,5', /ganze Zahl/],
    ['not an integer, with a decimal point', { id: 'q', type: 'number', integer: 1 }, '1.5', /ganze Zahl/],
    [
      'text for a whole number: a number, with a whole example',
      { id: 'q', type: 'number', integer: 1 },
      'ziemlich viel',
      /^Bitte geben Sie eine Zahl ein, zum Beispiel 42\.$/,
    ],
    ['below min', { id: 'q', type: 'number', min: 18 }, '17', /ab 18/],
    ['above max', { id: 'q', type: 'number', max: 1.5 }, '2', /bis 1,5/],
    ['outside min and max', { id: 'q', type: 'number', min: 1, max: 10 }, 11, /zwischen 1 und 10/],
    ['malformed date', { id: 'q', type: 'date' }, 'morgen', /gültiges Datum/],
    ['impossible date', { id: 'q', type: 'date' }, '30.02.2024', /gültiges Datum/],
    ['date as a number', { id: 'q', type: 'date' }, 20240101, /gültiges Datum/],
    [
      'date before min',
      { id: 'q', type: 'date', min_date: '2024-01-01' },
      '31.12.2023',
      /ab dem 01\.01\.2024/,
    ],
    [
      'date after max',
      { id: 'q', type: 'date', max_date: '2024-01-01' },
      '2024-01-02',
      /bis zum 01\.01\.2024/,
    ],
    [
      'date outside both',
      { id: 'q', type: 'date', min_date: '2024-01-01', max_date: '2024-12-31' },
      '2025-01-01',
      /zwischen dem 01\.01\.2024 und dem 31\.12\.2024/,
    ],
    [
      'not an option',
      { id: 'q', type: 'single_choice', options: ['Ja', 'Nein'] },
      'Vielleicht',
      /angebotenen/,
    ],
    [
      'two options for single choice',
      { id: 'q', type: 'single_choice', options: ['Ja', 'Nein'] },
      ['Ja', 'Nein'],
      /angebotenen/,
    ],
    [
      'no option of a multiple choice',
      { id: 'q', type: 'multiple_choice', options: ['A'] },
      [],
      /mindestens eine/,
    ],
    [
      'unknown option in a multiple choice',
      { id: 'q', type: 'multiple_choice', options: ['A'] },
      ['A', 'X'],
      /angebotenen/,
    ],
    [
      'likert label that is not there',
      { id: 'q', type: 'likert', options: ['a', 'b'] },
      LIKERT_NA_LABEL,
      /angebotenen/,
    ],
    ['empty free text', { id: 'q', type: 'open_text' }, '   ', /schreiben Sie eine Antwort/],
  ])('%s', (_name, spec, answer, hint) => {
    const d = testDialog([spec, { id: 'next', type: 'email' }]);
    const [first, second] = play(d, [answer]);
    expect(second!.outcome).toBe('invalid');
    expect(second!.answers).toEqual([]);
    expect(second!.state).toEqual({ ...first!.state, turn: 1 });
    expect(second!.input).toEqual({ ...first!.input, turn: 1 });
    const [user, botMsg, ...rest] = second!.messages;
    expect(rest).toEqual([]);
    expect(user).toMatchObject({ user_or_bot: 'user', finished_question_id: null, unique_question_id: 'q' });
    expect(botMsg).toMatchObject({ type: 'invalid', current_question_id: 'q', unique_question_id: 'q' });
    expect(botMsg!.context).toMatch(hint);
  });

  it('a corrected answer is then accepted', () => {
    const d = testDialog([
      { id: 'q', type: 'number', min: 1 },
      { id: 'next', type: 'email' },
    ]);
    const steps = play(d, ['0', 'x', '1']);
    expect(steps.map((s) => s.outcome)).toEqual(['ok', 'invalid', 'invalid', 'ok']);
    expect(steps.flatMap((s) => s.answers).map((a) => a.value)).toEqual(['1']);
  });

  it('speaks du when the dialog says du, and English in an English dialog', () => {
    const spec: BlockSpec = { id: 'q', type: 'email' };
    const du = play(testDialog([spec], { du_sie: 'du' }), ['x']);
    expect(texts(last(du))[0]).toMatch(/Bitte gib sie/);
    const en = play(testDialog([spec], { language: 'en' }), ['x']);
    expect(texts(last(en))[0]).toMatch(/valid e-mail address/);
  });

  it("an English dialog offers 'No answer' on a Likert scale and stores it as 'keine Angabe'", () => {
    const d = testDialog([{ id: 'q', type: 'likert', options: ['never', 'often'], likert_na: 1 }], {
      language: 'en',
    });
    const first = start(d);
    expect(first.input?.options).toEqual(['never', 'often', 'No answer']);
    const r = reply(d, first, 'No answer');
    expect(r.answers).toEqual([expect.objectContaining({ value: LIKERT_NA_LABEL, value_num: null })]);
    expect(r.messages[0]).toMatchObject({ user_or_bot: 'user', context: 'No answer' });
    // An answer sent with the stored label (an older page) counts the same.
    expect(reply(d, first, LIKERT_NA_LABEL).answers).toEqual([
      expect.objectContaining({ value: LIKERT_NA_LABEL }),
    ]);
  });

  it('reads numbers the way of the dialog language: thousands in English, a decimal comma as typed', () => {
    const spec: BlockSpec = { id: 'q', type: 'number' };
    const en = testDialog([spec], { language: 'en' });
    const value = (answer: string) => reply(en, start(en), answer).answers[0]?.value_num;
    expect(value('1,200')).toBe(1200);
    expect(value('1,200.5')).toBe(1200.5);
    expect(value('1,5')).toBe(1.5);
    expect(value('1.200')).toBe(1.2);
    const refused = reply(en, start(en), '1.200,5');
    expect(refused.outcome).toBe('invalid');
    expect(texts(refused)).toEqual(['Please enter a number, for example 42 or 3.5.']);
  });

  it.each<[string, Partial<PreparedDialog>, string]>([
    ['du', { du_sie: 'du' }, 'Bitte gib eine Zahl ein, zum Beispiel 42.'],
    ['English', { language: 'en' }, 'Please enter a number, for example 42.'],
  ])('text for a whole number is no number, said in %s', (_name, overrides, hint) => {
    const d = testDialog([{ id: 'q', type: 'number', integer: 1 }], overrides);
    expect(texts(reply(d, start(d), 'quite a lot'))).toEqual([hint]);
  });

  it('shows a refused date as it shows an accepted one: German TT.MM.JJJJ, English JJJJ-MM-TT', () => {
    const spec: BlockSpec = { id: 'q', type: 'date', min_date: '2020-01-01' };
    const de = testDialog([spec]);
    const r = reply(de, start(de), '2019-05-01');
    expect(r.outcome).toBe('invalid');
    expect(r.messages[0]).toMatchObject({ user_or_bot: 'user', context: '01.05.2019' });
    expect(texts(r)).toEqual(['Bitte wählen Sie ein Datum ab dem 01.01.2020.']);
    const en = testDialog([spec], { language: 'en' });
    expect(reply(en, start(en), '1.5.2019').messages[0]!.context).toBe('2019-05-01');
    // What is no date at all shows as typed.
    expect(reply(de, start(de), 'gestern').messages[0]!.context).toBe('gestern');
  });

  it('shows a date answer in the dialog language: German as TT.MM.JJJJ, English as JJJJ-MM-TT', () => {
    const spec: BlockSpec = { id: 'q', type: 'date' };
    expect(reply(testDialog([spec]), start(testDialog([spec])), '2019-05-05').messages[0]!.context).toBe(
      '05.05.2019',
    );
    const en = testDialog([spec], { language: 'en' });
    expect(reply(en, start(en), '5.5.2019').messages[0]!.context).toBe('2019-05-05');
  });
});

describe('free-text routing seam', () => {
  const d = testDialog([
    {
      id: 'q',
      type: 'open_text',
      options: ['eins', 'zwei'],
      jump_to_ids: ['b1', 'b2'],
      jump_to_question: 'b0',
    },
    { id: 'b0', type: 'message', context: 'NONE', is_end: 1 },
    { id: 'b1', type: 'message', context: 'EINS', is_end: 1 },
    { id: 'b2', type: 'message', context: 'ZWEI', is_end: 1 },
  ]);

  it.each<[string, EngineEnv, string, string, object]>([
    [
      'the classifier decides',
      { classify: () => ({ branch: 1, confidence: 0.9 }) },
      'eins',
      'ZWEI',
      { branch: 'zwei', confidence: 0.9 },
    ],
    [
      'the classifier says none',
      { classify: () => ({ branch: null, confidence: 0.2 }) },
      'eins',
      'NONE',
      { branch: null, confidence: 0.2 },
    ],
    [
      'no model: label matching',
      { classify: () => undefined },
      'EINS!',
      'EINS',
      { branch: 'eins', confidence: 1 },
    ],
    [
      'a branch out of range is ignored',
      { classify: () => ({ branch: 7, confidence: 1 }) },
      'zwei',
      'ZWEI',
      { branch: 'zwei' },
    ],
    [
      'a NaN confidence is ignored',
      { classify: () => ({ branch: 0, confidence: Number.NaN }) },
      'zwei',
      'ZWEI',
      { branch: 'zwei' },
    ],
  ])('%s', (_name, env, answer, shown, row) => {
    const [, second] = play(d, [answer], env);
    expect(texts(second!)[0]).toBe(shown);
    expect(second!.answers[0]).toMatchObject(row);
  });

  it('the classifier gets the block and the trimmed answer', () => {
    const calls: string[] = [];
    play(d, ['  Hallo  '], {
      classify: (block, text) => {
        calls.push(`${block.unique_question_id}:${text}`);
        return undefined;
      },
    });
    expect(calls).toEqual(['q:Hallo']);
  });
});
