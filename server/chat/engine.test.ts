import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type BlockType, endNodeId, LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import type { ChatInput, ChatMessage } from '../../contract/chat.ts';
import { parse } from '../../contract/text-content.ts';
import { type BlockSpec, testDialog } from '../test/chat-fixtures.ts';
import {
  type AnswerValue,
  type EngineEnv,
  type EngineResult,
  type GptReply,
  type GptRequest,
  initialState,
  type PreparedDialog,
  parseDate,
  QA_MODEL_PAIRS,
  runChat,
} from './engine.ts';

const NOW = 1_700_000_000_000;
const END = endNodeId('S1');

function start(d: PreparedDialog, env?: EngineEnv): EngineResult {
  return runChat(d, initialState(), { kind: 'start', now: NOW }, env);
}

/** Answers whatever is asked, the way a client does (echoing id, nachfrage_id and turn). */
function reply(d: PreparedDialog, prev: EngineResult, answer: AnswerValue, env?: EngineEnv): EngineResult {
  const input = prev.input;
  if (!input) throw new Error('nothing is asked');
  return runChat(
    d,
    prev.state,
    {
      kind: 'answer',
      now: NOW + 1,
      unique_question_id: input.unique_question_id,
      nachfrage_id: input.nachfrage_id,
      turn: input.turn,
      answer,
    },
    env,
  );
}

/** Starts and gives the answers in turn; returns every step. */
function play(d: PreparedDialog, answers: AnswerValue[], env?: EngineEnv): EngineResult[] {
  const steps = [start(d, env)];
  for (const a of answers) steps.push(reply(d, steps.at(-1)!, a, env));
  return steps;
}

const bot = (r: EngineResult) => r.messages.filter((m) => m.user_or_bot === 'bot');
const texts = (r: EngineResult) => bot(r).map((m) => m.context);
const allTexts = (steps: EngineResult[]) => steps.flatMap(texts);
const last = (steps: EngineResult[]) => steps.at(-1)!;

describe('start, messages and delays', () => {
  it('shows the welcome text and runs up to the first question', () => {
    const d = testDialog([
      { id: 'm1', type: 'message', context: 'Hallo!§§Schön, dass Sie da sind.' },
      { id: 'q1', type: 'open_text', context: 'Wie heißen Sie?' },
    ]);
    const r = start(d);
    expect(r.outcome).toBe('ok');
    expect(r.messages.map((m) => [m.type, m.context, m.unique_question_id, m.current_question_id])).toEqual([
      ['welcome', 'Willkommen!', null, null],
      ['message', 'Hallo!', 'm1', null],
      ['message', 'Schön, dass Sie da sind.', 'm1', null],
      ['open_text', 'Wie heißen Sie?', 'q1', 'q1'],
    ]);
    expect(r.input).toMatchObject({
      type: 'open_text',
      unique_question_id: 'q1',
      nachfrage_id: null,
      turn: 0,
    });
    expect(r.finished).toBe(false);
    expect(r.state).toMatchObject({ status: 'waiting', at: { id: 'q1', phase: 'question' } });
  });

  it('carries each #ms# delay into the next bubble, across blocks', () => {
    const d = testDialog([
      { id: 'm1', type: 'message', context: '#1500#§§Erstens§§#300#§§#200#§§Zweitens§§#700#' },
      { id: 'q1', type: 'email', context: 'Ihre E-Mail?' },
    ]);
    expect(texts(start(d))).toEqual([
      'Willkommen!',
      '#1500#§§Erstens',
      '#500#§§Zweitens',
      '#700#§§Ihre E-Mail?',
    ]);
  });

  it('every entry has exactly the fields of SPEC §3 local history', () => {
    const d = testDialog([{ id: 'q1', type: 'single_choice', options: ['Ja', 'Nein'] }]);
    const steps = play(d, ['Ja']);
    for (const m of steps.flatMap((s) => s.messages)) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'context',
          'created_on',
          'current_question_id',
          'finished_question_id',
          'nachfrage_id',
          'type',
          'unique_question_id',
          'user_or_bot',
        ].sort(),
      );
    }
    expect(steps[1]!.messages[0]).toEqual({
      context: 'Ja',
      created_on: NOW + 1,
      type: 'single_choice-r',
      unique_question_id: 'q1',
      nachfrage_id: null,
      current_question_id: null,
      finished_question_id: 'q1',
      user_or_bot: 'user',
    });
  });

  it.each<[string, BlockSpec, string[]]>([
    [
      'media block with its items',
      { id: 'b', type: 'media', context: 'image:file:a.png§§audio:https://x.org/a.mp3§§video:file:v.mp4' },
      ['image:file:a.png', 'audio:https://x.org/a.mp3', 'video:file:v.mp4'],
    ],
    [
      'link block: its text and a button',
      {
        id: 'b',
        type: 'link',
        context: 'Mehr dazu:',
        link: 'https://example.org',
        link_klick_name: 'Öffnen',
      },
      ['Mehr dazu:', 'link_url:https://example.org|link_klick_name:Öffnen'],
    ],
    [
      'an uploaded file of a block, by its media kind',
      { id: 'b', type: 'message', context: 'Schauen Sie:', filename_db: 'pic.png' },
      ['image:file:pic.png', 'Schauen Sie:'],
    ],
    [
      'an uploaded file of unknown kind is offered as a file',
      { id: 'b', type: 'message', context: 'Hier:', filename_db: 'doc.pdf' },
      ['file:doc.pdf', 'Hier:'],
    ],
    ['an empty text shows nothing', { id: 'b', type: 'message', context: '' }, []],
  ])('%s', (_name, spec, expected) => {
    const d = testDialog([spec, { id: 'q', type: 'email', context: 'Mail?' }], {
      media: { 'pic.png': 'image' },
    });
    expect(texts(start(d)).slice(1, -1)).toEqual(expected);
  });

  it('a dialog without blocks shows welcome and ending and is finished', () => {
    const r = start(testDialog([]));
    expect(texts(r)).toEqual(['Willkommen!', 'Danke und tschüss!']);
    expect(r).toMatchObject({ finished: true, input: null, state: { status: 'finished', at: null } });
  });

  it('begins at the start_page block', () => {
    const d = testDialog([
      { id: 'a', type: 'message', context: 'A' },
      { id: 'b', type: 'message', context: 'B', start_page: 1 },
      { id: 'q', type: 'email', context: 'Q' },
    ]);
    expect(texts(start(d))).toEqual(['Willkommen!', 'B', 'Q']);
  });

  it('a second start is ignored', () => {
    const d = testDialog([{ id: 'q', type: 'email' }]);
    const first = start(d);
    const again = runChat(d, first.state, { kind: 'start', now: NOW });
    expect(again).toMatchObject({ outcome: 'ignored', messages: [], state: first.state });
  });
});

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

describe('jumps', () => {
  const tail: BlockSpec[] = [
    { id: 'a', type: 'message', context: 'A', jump_to_question: 'q2' },
    { id: 'b', type: 'message', context: 'B', jump_to_question: 'q2' },
    { id: 'c', type: 'message', context: 'C' },
    { id: 'q2', type: 'email', context: 'Q2' },
  ];

  it.each<[string, BlockSpec, AnswerValue, string[]]>([
    [
      'an option jump',
      { id: 'q', type: 'single_choice', options: ['x', 'y'], jump_to_ids: [null, 'b'] },
      'y',
      ['B', 'Q2'],
    ],
    [
      'no option jump: jump_to_question',
      {
        id: 'q',
        type: 'single_choice',
        options: ['x', 'y'],
        jump_to_ids: [null, 'b'],
        jump_to_question: 'c',
      },
      'x',
      ['C', 'Q2'],
    ],
    ['no jumps: next in order', { id: 'q', type: 'single_choice', options: ['x'] }, 'x', ['A', 'Q2']],
    [
      'option jump to the end marker ends the dialog',
      { id: 'q', type: 'single_choice', options: ['x', 'y'], jump_to_ids: [END, 'b'] },
      'x',
      ['Danke und tschüss!'],
    ],
    [
      'jump_to_question to the end marker',
      { id: 'q', type: 'email', jump_to_question: END },
      'a@b.de',
      ['Danke und tschüss!'],
    ],
    [
      'is_end ends even with jumps',
      { id: 'q', type: 'single_choice', options: ['x'], jump_to_ids: ['b'], is_end: 1 },
      'x',
      ['Danke und tschüss!'],
    ],
    [
      'a jump to a block that is gone goes on in order',
      { id: 'q', type: 'email', jump_to_question: 'deleted' },
      'a@b.de',
      ['A', 'Q2'],
    ],
    [
      'a dangling option jump falls back to jump_to_question',
      { id: 'q', type: 'single_choice', options: ['x'], jump_to_ids: ['gone'], jump_to_question: 'c' },
      'x',
      ['C', 'Q2'],
    ],
    [
      'multiple choice: the first chosen option (in option order) with a target decides',
      { id: 'q', type: 'multiple_choice', options: ['x', 'y', 'z'], jump_to_ids: [null, 'c', 'b'] },
      ['z', 'y', 'x'],
      ['C', 'Q2'],
    ],
    [
      'likert option jump',
      { id: 'q', type: 'likert', options: ['1', '2'], likert_na: 1, jump_to_ids: ['b', 'c'] },
      '2',
      ['C', 'Q2'],
    ],
    [
      'likert keine Angabe takes no option jump',
      {
        id: 'q',
        type: 'likert',
        options: ['1', '2'],
        likert_na: 1,
        jump_to_ids: ['b', 'c'],
        jump_to_question: 'a',
      },
      LIKERT_NA_LABEL,
      ['A', 'Q2'],
    ],
    [
      'free text branch by exact label (case and umlauts ignored)',
      { id: 'q', type: 'open_text', options: ['Preis', 'Qualität'], jump_to_ids: ['b', 'c'] },
      'QUALITAET',
      ['C', 'Q2'],
    ],
    [
      'free text branch by keyword',
      { id: 'q', type: 'open_text', options: ['zu teuer', 'schlechte Qualität'], jump_to_ids: ['b', 'c'] },
      'Ehrlich gesagt war mir das viel zu teuer.',
      ['B', 'Q2'],
    ],
    [
      "free text 'none' goes to jump_to_question",
      { id: 'q', type: 'open_text', options: ['Preis'], jump_to_ids: ['b'], jump_to_question: 'c' },
      'Das Wetter war schön.',
      ['C', 'Q2'],
    ],
    [
      "free text 'none' without jump_to_question goes on in order",
      { id: 'q', type: 'open_text', options: ['Preis'], jump_to_ids: ['b'] },
      'Nichts davon.',
      ['A', 'Q2'],
    ],
  ])('%s', (_name, spec, answer, shown) => {
    const d = testDialog([spec, ...tail]);
    const [, second] = play(d, [answer]);
    expect(texts(second!)).toEqual(shown);
  });

  it('a message block with is_end ends the dialog after its text', () => {
    const d = testDialog([
      { id: 'm', type: 'message', context: 'Letzte Worte', is_end: 1 },
      { id: 'q', type: 'email' },
    ]);
    expect(texts(start(d))).toEqual(['Willkommen!', 'Letzte Worte', 'Danke und tschüss!']);
  });

  it('an end block shows its text, then the ending', () => {
    const d = testDialog([
      { id: 'e', type: 'end', context: 'Das war es.' },
      { id: 'q', type: 'email' },
    ]);
    const r = start(d);
    expect(texts(r)).toEqual(['Willkommen!', 'Das war es.', 'Danke und tschüss!']);
    expect(r.finished).toBe(true);
  });

  it('a loop of blocks without input ends the dialog instead of spinning', () => {
    const d = testDialog([
      { id: 'a', type: 'message', context: 'A', jump_to_question: 'b' },
      { id: 'b', type: 'message', context: 'B', jump_to_question: 'a' },
    ]);
    const r = start(d);
    expect(texts(r)).toEqual(['Willkommen!', 'A', 'B', 'Danke und tschüss!']);
    expect(r.finished).toBe(true);
  });

  it('a question may jump back to itself and is asked again', () => {
    const d = testDialog([
      { id: 'q', type: 'single_choice', options: ['nochmal', 'fertig'], jump_to_ids: ['q', END] },
    ]);
    const steps = play(d, ['nochmal', 'nochmal', 'fertig']);
    expect(steps.map((s) => s.input?.unique_question_id ?? null)).toEqual(['q', 'q', 'q', null]);
    expect(steps.flatMap((s) => s.answers)).toHaveLength(3);
  });
});

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

describe('gpt and qa blocks without a language model', () => {
  it('gpt asks its fixed follow-up, stores the answer as gpt and goes on', () => {
    const d = testDialog([
      {
        id: 'g',
        type: 'gpt',
        context: 'Frag nach.',
        nachfrage: 'Erzählen Sie mehr?',
        acknowledgement: 'Danke!',
      },
      { id: 'q', type: 'email', context: 'Mail?' },
    ]);
    const steps = play(d, ['Es war toll']);
    expect(texts(steps[0]!)).toEqual(['Willkommen!', 'Erzählen Sie mehr?']);
    expect(steps[0]!.input).toMatchObject({ type: 'gpt', unique_question_id: 'g' });
    expect(steps[1]!.answers).toEqual([expect.objectContaining({ kind: 'gpt', value: 'Es war toll' })]);
    expect(steps[1]!.messages[0]).toMatchObject({ type: 'gpt-r', finished_question_id: 'g' });
    expect(texts(steps[1]!)).toEqual(['Danke!', 'Mail?']);
  });

  it('gpt without a fixed follow-up is passed and never gets stuck', () => {
    const d = testDialog([
      { id: 'g', type: 'gpt', context: 'Frag nach.', nachfrage: '' },
      { id: 'q', type: 'email', context: 'Mail?' },
    ]);
    expect(texts(start(d))).toEqual(['Willkommen!', 'Mail?']);
  });

  const qa = testDialog([
    {
      id: 'qa',
      type: 'qa',
      context: 'Fragen?',
      qa_pairs: [
        { question: 'Wie lange dauert die Umfrage?', answer: 'Etwa fünf Minuten.' },
        { question: 'Was passiert mit meinen Daten?', answer: 'Sie werden anonym ausgewertet.' },
      ],
      qa_fallback: 'Das weiß ich leider nicht.',
    },
    { id: 'q', type: 'email', context: 'Mail?' },
  ]);

  it('answers questions from its pairs, falls back, and continues on Weiter', () => {
    const steps = play(qa, [
      'Wie lange dauert das?',
      'Werden meine daten gespeichert?',
      'Wer bist du?',
      'Weiter',
    ]);
    expect(steps[0]!.input).toMatchObject({ type: 'qa', options: ['Weiter'] });
    expect(texts(steps[1]!)).toEqual(['Etwa fünf Minuten.']);
    expect(texts(steps[2]!)).toEqual(['Sie werden anonym ausgewertet.']);
    expect(texts(steps[3]!)).toEqual(['Das weiß ich leider nicht.']);
    expect(steps[3]!.input?.unique_question_id).toBe('qa');
    expect(steps[3]!.messages[1]).toMatchObject({ type: 'qa_answer', current_question_id: 'qa' });
    expect(steps[1]!.answers[0]).toMatchObject({ kind: 'answer', branch: 'Wie lange dauert die Umfrage?' });
    expect(steps[3]!.answers[0]).toMatchObject({ branch: null });
    expect(last(steps).messages[0]).toMatchObject({ type: 'qa-r', finished_question_id: 'qa' });
    expect(texts(last(steps))).toEqual(['Mail?']);
  });

  it.each(['nein danke', 'Keine Fragen', 'WEITER'])('%s moves on', (word) => {
    expect(last(play(qa, [word])).input?.unique_question_id).toBe('q');
  });

  it('an empty question is asked again', () => {
    const r = last(play(qa, ['']));
    expect(r.outcome).toBe('invalid');
    expect(texts(r)[0]).toMatch(/„Weiter“/);
  });
});

describe('gpt blocks with a language model (env.gpt)', () => {
  const specs: BlockSpec[] = [
    { id: 'm', type: 'message', context: 'Hallo!' },
    {
      id: 'g',
      type: 'gpt',
      context: 'Frag nach dem Grund.',
      nachfrage: 'Warum?',
      acknowledgement: 'Danke!',
      max_turns: 3,
      variable: 'grund',
    },
    { id: 'q', type: 'email', context: 'Mail?' },
  ];
  const d = testDialog(specs);

  /** A model that asks 'Frage N' at step N and is done when the answer says 'fertig'. */
  function model(calls: GptRequest[], done = (r: GptRequest) => r.answer === 'fertig'): EngineEnv {
    return {
      gpt: (r): GptReply => {
        calls.push(r);
        return { done: done(r), question: `Frage ${r.step}` };
      },
    };
  }

  it('asks the model-written follow-ups until the model judges the block done', () => {
    const calls: GptRequest[] = [];
    const steps = play(d, ['weil es gut war', 'fertig'], model(calls));
    expect(texts(steps[0]!)).toEqual(['Willkommen!', 'Hallo!', 'Frage 0']);
    expect(steps[0]!.state.at).toEqual({ id: 'g', phase: 'question', order: 2 });
    expect(steps[0]!.input).toMatchObject({ type: 'gpt', unique_question_id: 'g' });
    expect(bot(steps[0]!).at(-1)).toMatchObject({ type: 'gpt', current_question_id: 'g' });

    expect(texts(steps[1]!)).toEqual(['Frage 1']);
    expect(steps[1]!.state.at).toEqual({ id: 'g', phase: 'question', step: 1, order: 2 });
    expect(steps[1]!.input).toMatchObject({ type: 'gpt', unique_question_id: 'g', turn: 1 });
    expect(steps[1]!.messages[0]).toMatchObject({ type: 'gpt-r', finished_question_id: null });
    expect(steps[1]!.answers).toEqual([expect.objectContaining({ kind: 'gpt', value: 'weil es gut war' })]);

    expect(steps[2]!.messages[0]).toMatchObject({ type: 'gpt-r', finished_question_id: 'g' });
    expect(steps[2]!.answers).toEqual([expect.objectContaining({ kind: 'gpt', value: 'fertig' })]);
    expect(texts(steps[2]!)).toEqual(['Danke!', 'Mail?']);
    expect(steps[2]!.state.vars).toEqual({ grund: 'fertig' });

    expect(calls.map((c) => [c.step, c.answer])).toEqual([
      [0, null],
      [1, 'weil es gut war'],
      [2, 'fertig'],
    ]);
    // The opening request sees this turn's entries so far (the bot's earlier bubbles).
    expect(calls[0]!.messages.map((m) => m.context)).toEqual(['Willkommen!', 'Hallo!']);
    expect(calls[0]!.block.unique_question_id).toBe('g');
  });

  it('goes on after max_turns answers without asking the model again', () => {
    const calls: GptRequest[] = [];
    const steps = play(
      d,
      ['a', 'b', 'c'],
      model(calls, () => false),
    );
    expect(texts(steps[1]!)).toEqual(['Frage 1']);
    expect(texts(steps[2]!)).toEqual(['Frage 2']);
    expect(texts(steps[3]!)).toEqual(['Danke!', 'Mail?']);
    expect(steps.flatMap((s) => s.answers).map((a) => a.value)).toEqual(['a', 'b', 'c']);
    expect(calls.map((c) => c.step)).toEqual([0, 1, 2]);
  });

  it('without replies (model off or failed) it asks the fixed follow-up once and goes on', () => {
    const steps = play(d, ['weil'], { gpt: () => undefined });
    expect(texts(steps[0]!).at(-1)).toBe('Warum?');
    expect(texts(steps[1]!)).toEqual(['Danke!', 'Mail?']);
  });

  it('a model that fails after its first question lets the dialog go on', () => {
    const steps = play(d, ['weil'], {
      gpt: (r) => (r.step === 0 ? { done: false, question: 'Wieso?' } : undefined),
    });
    expect(texts(steps[0]!).at(-1)).toBe('Wieso?');
    expect(texts(steps[1]!)).toEqual(['Danke!', 'Mail?']);
  });

  it('an empty question or a done reply at the first follow-up falls back to the fixed one', () => {
    for (const reply of [
      { done: false, question: '  ' },
      { done: true, question: '' },
    ]) {
      expect(texts(start(d, { gpt: () => reply })).at(-1)).toBe('Warum?');
    }
  });

  it('a block without a fixed follow-up asks the model-written one', () => {
    const plain = testDialog([{ ...specs[1]!, nachfrage: '' }, specs[2]!]);
    expect(texts(start(plain, { gpt: () => ({ done: false, question: 'Und?' }) }))).toEqual([
      'Willkommen!',
      'Und?',
    ]);
    expect(texts(start(plain, { gpt: () => undefined }))).toEqual(['Willkommen!', 'Mail?']);
  });

  it("the model's text stays one plain bubble, whatever it contains", () => {
    const r = start(d, { gpt: () => ({ done: false, question: 'image:x.png§§#5#' }) });
    const items = parse(bot(r).at(-1)!.context);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'text' });
  });

  it('an empty answer is asked again and not stored', () => {
    const r = last(play(d, ['  '], model([])));
    expect(r).toMatchObject({ outcome: 'invalid', answers: [] });
    expect(r.state.at).toEqual({ id: 'g', phase: 'question', order: 2 });
  });

  it('a state stored without step counts as the first answer', () => {
    const calls: GptRequest[] = [];
    const first = start(d);
    expect(first.state.at).toEqual({ id: 'g', phase: 'question', order: 2 });
    reply(d, first, 'x', model(calls));
    expect(calls.map((c) => c.step)).toEqual([1]);
  });

  it('a trigger into a gpt block asks the model too', () => {
    const r = runChat(d, start(d).state, { kind: 'trigger', now: NOW, target: 'g' }, model([]));
    expect(texts(r)).toEqual(['Frage 0']);
  });
});

describe('qa blocks with a language model (env.qa)', () => {
  const pairs = [
    { question: 'Wie lange dauert die Umfrage?', answer: 'Etwa fünf Minuten.' },
    { question: 'Was passiert mit meinen Daten?', answer: 'Sie werden anonym ausgewertet.' },
    { question: 'Gibt es eine Belohnung?', answer: 'Ja, einen Gutschein.' },
  ];
  const dialog = (onlySearch: 0 | 1) =>
    testDialog([
      { id: 'qa', type: 'qa', qa_pairs: pairs, qa_fallback: 'Weiß ich nicht.', only_search: onlySearch },
      { id: 'q', type: 'email', context: 'Mail?' },
    ]);

  it('answers with the model, grounded on the best matching pairs', () => {
    const asked: { question: string; pairs: readonly { question: string }[] }[] = [];
    const r = last(
      play(dialog(0), ['Wie lange dauert das?'], {
        qa: (req) => {
          asked.push(req);
          return 'Nur fünf Minuten.';
        },
      }),
    );
    expect(texts(r)).toEqual(['Nur fünf Minuten.']);
    expect(bot(r)[0]).toMatchObject({ type: 'qa_answer', current_question_id: 'qa' });
    expect(r.answers[0]).toMatchObject({ branch: 'Wie lange dauert die Umfrage?' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.question).toBe('Wie lange dauert das?');
    // The search's best pair first, then the block's others.
    expect(asked[0]!.pairs.map((p) => p.question)).toEqual([
      'Wie lange dauert die Umfrage?',
      'Was passiert mit meinen Daten?',
      'Gibt es eine Belohnung?',
    ]);
  });

  it('null from the model says the fallback; no reply takes the best pair', () => {
    expect(texts(last(play(dialog(0), ['Wie lange dauert das?'], { qa: () => null })))).toEqual([
      'Weiß ich nicht.',
    ]);
    expect(texts(last(play(dialog(0), ['Wie lange dauert das?'], { qa: () => undefined })))).toEqual([
      'Etwa fünf Minuten.',
    ]);
  });

  it('only_search never asks the model', () => {
    let calls = 0;
    const env: EngineEnv = {
      qa: () => {
        calls += 1;
        return 'Modell';
      },
    };
    expect(texts(last(play(dialog(1), ['Wie lange dauert das?'], env)))).toEqual(['Etwa fünf Minuten.']);
    expect(texts(last(play(dialog(1), ['Bekomme ich etwas dafür?'], env)))).toEqual(['Weiß ich nicht.']);
    expect(calls).toBe(0);
  });

  it('asks the model about a question that shares no word with any pair, on all of them (QA finding)', () => {
    const asked: { pairs: readonly { question: string }[] }[] = [];
    const r = last(
      play(dialog(0), ['Bekomme ich etwas dafür?'], {
        qa: (req) => {
          asked.push(req);
          return 'Ja, einen Gutschein.';
        },
      }),
    );
    expect(texts(r)).toEqual(['Ja, einen Gutschein.']);
    expect(asked[0]!.pairs).toHaveLength(3);
  });

  it('offers the model at most QA_MODEL_PAIRS pairs, the best matching first', () => {
    const many = Array.from({ length: QA_MODEL_PAIRS + 5 }, (_, i) => ({
      question: `Frage Nummer ${i} zum Thema ${i === 22 ? 'Parkplatz' : 'Allgemeines'}?`,
      answer: `Antwort ${i}.`,
    }));
    const asked: { pairs: readonly { question: string }[] }[] = [];
    play(
      testDialog([{ id: 'qa', type: 'qa', qa_pairs: many, only_search: 0 }]),
      ['Gibt es einen Parkplatz?'],
      {
        qa: (req) => {
          asked.push(req);
          return 'ok';
        },
      },
    );
    expect(asked[0]!.pairs).toHaveLength(QA_MODEL_PAIRS);
    expect(asked[0]!.pairs[0]!.question).toContain('Parkplatz');
  });
});

describe('the end, restart, trigger and stale answers', () => {
  const d = testDialog([
    { id: 'q1', type: 'open_text', variable: 'x' },
    { id: 'q2', type: 'single_choice', options: ['ja'] },
  ]);

  it('the dialog ends with its ending text, no input and finished', () => {
    const r = last(play(d, ['a', 'ja']));
    expect(texts(r)).toEqual(['Danke und tschüss!']);
    expect(r.messages.at(-1)).toMatchObject({ type: 'ending', unique_question_id: null });
    expect(r).toMatchObject({
      finished: true,
      input: null,
      state: { status: 'finished', at: null, turn: 2 },
    });
  });

  it.each<[string, (s: EngineResult) => Parameters<typeof runChat>[2]]>([
    ['another question', () => ({ kind: 'answer', now: NOW, unique_question_id: 'q2', answer: 'ja' })],
    [
      'an old turn',
      (s) => ({ kind: 'answer', now: NOW, unique_question_id: 'q1', turn: s.state.turn - 1, answer: 'a' }),
    ],
    [
      'a follow-up that is not asked',
      () => ({ kind: 'answer', now: NOW, unique_question_id: 'q1', nachfrage_id: 'q1', answer: 'a' }),
    ],
  ])('an answer to %s is stale and changes nothing', (_name, event) => {
    const first = start(d);
    const r = runChat(d, first.state, event(first));
    expect(r).toMatchObject({ outcome: 'stale', messages: [], answers: [], state: first.state });
  });

  it('an answer after the end is stale', () => {
    const r = last(play(d, ['a', 'ja']));
    expect(
      runChat(d, r.state, { kind: 'answer', now: NOW, unique_question_id: 'q2', answer: 'ja' }).outcome,
    ).toBe('stale');
    expect(
      runChat(d, initialState(), { kind: 'answer', now: NOW, unique_question_id: 'q1', answer: 'a' }).outcome,
    ).toBe('stale');
  });

  it('restart begins anew with no variables', () => {
    const mid = last(play(d, ['a']));
    const r = runChat(d, mid.state, { kind: 'restart', now: NOW });
    expect(texts(r)[0]).toBe('Willkommen!');
    expect(r.state).toEqual({
      status: 'waiting',
      at: { id: 'q1', phase: 'question', order: 1 },
      turn: 0,
      vars: {},
    });
  });

  it('trigger jumps to a block or the end; an unknown target is ignored', () => {
    const mid = start(d);
    const moved = runChat(d, mid.state, { kind: 'trigger', now: NOW, target: 'q2' });
    expect(moved).toMatchObject({ outcome: 'ok', input: { unique_question_id: 'q2', turn: 1 } });
    const ended = runChat(d, mid.state, { kind: 'trigger', now: NOW, target: END });
    expect(ended).toMatchObject({ outcome: 'ok', finished: true });
    expect(texts(ended)).toEqual(['Danke und tschüss!']);
    expect(runChat(d, mid.state, { kind: 'trigger', now: NOW, target: 'nope' }).outcome).toBe('ignored');
  });

  it('when the current block was deleted meanwhile, the answer is kept and the block in its place asks next', () => {
    const mid = start(d);
    const changed = testDialog([{ id: 'q2', type: 'single_choice', options: ['ja'] }]);
    const r = runChat(changed, mid.state, {
      kind: 'answer',
      now: NOW,
      unique_question_id: 'q1',
      answer: 'a',
    });
    expect(r).toMatchObject({
      outcome: 'ok',
      finished: false,
      answers: [],
      input: { unique_question_id: 'q2' },
    });
    expect(r.messages[0]).toMatchObject({ user_or_bot: 'user', context: 'a', unique_question_id: 'q1' });
    expect(r.state.at).toEqual({ id: 'q2', phase: 'question', order: 1 });
  });

  it('a deleted last block ends the dialog, as does one asked in a state stored without its place', () => {
    const atQ2 = reply(d, start(d), 'a');
    const onlyQ1 = testDialog([{ id: 'q1', type: 'open_text' }]);
    const ev = { kind: 'answer', now: NOW, unique_question_id: 'q2', answer: 'ja' } as const;
    expect(runChat(onlyQ1, atQ2.state, ev)).toMatchObject({ outcome: 'ok', finished: true });
    const mid = start(d);
    const old = { ...mid.state, at: { id: 'q1', phase: 'question' as const } };
    const changed = testDialog([{ id: 'q2', type: 'single_choice', options: ['ja'] }]);
    expect(
      runChat(changed, old, { kind: 'answer', now: NOW, unique_question_id: 'q1', answer: 'a' }),
    ).toMatchObject({ outcome: 'ok', finished: true, answers: [] });
  });

  it('a block deleted during its follow-up leads on to the block its answer chose', () => {
    const withFollowUp = testDialog([
      {
        id: 'q1',
        type: 'single_choice',
        options: ['ja', 'nein'],
        jump_to_ids: [null, 'q3'],
        nachfrage: 'Warum?',
      },
      { id: 'q2', type: 'open_text' },
      { id: 'q3', type: 'open_text' },
    ]);
    const asked = reply(withFollowUp, start(withFollowUp), 'nein');
    expect(asked.state.at).toEqual({ id: 'q1', phase: 'nachfrage', next: 'q3' });
    const changed = testDialog([
      { id: 'q2', type: 'open_text' },
      { id: 'q3', type: 'open_text' },
    ]);
    const r = runChat(changed, asked.state, {
      kind: 'answer',
      now: NOW,
      unique_question_id: 'q1',
      nachfrage_id: 'q1',
      turn: asked.state.turn,
      answer: 'darum',
    });
    expect(r).toMatchObject({ outcome: 'ok', answers: [], input: { unique_question_id: 'q3' } });
  });
});

describe('parseDate', () => {
  it.each<[string, string | null]>([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['1.1.0099', '0099-01-01'],
    ['31.04.2024', null],
    ['2024-13-01', null],
    ['01/02/2024', null],
    [' 05.06.2024 ', '2024-06-05'],
  ])('%s', (text, iso) => {
    expect(parseDate(text)?.iso ?? null).toBe(iso);
  });
});

// ---------------------------------------------------------------- property: never throws, always consistent

const ids = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'];
const target = fc.oneof(fc.constant(null), fc.constantFrom(...ids, END, 'gone'));
const label = fc.constantFrom('Ja', 'Nein', 'Vielleicht', 'Preis', 'Qualität', 'grün', 'A', 'B');
const inputTypes: BlockType[] = BLOCK_TYPES.filter((t) => t !== 'end');

const blockSpec = (id: string): fc.Arbitrary<BlockSpec> =>
  fc
    .record({
      type: fc.constantFrom<BlockType>(...inputTypes, 'end'),
      options: fc.uniqueArray(label, { minLength: 2, maxLength: 4 }),
      jumps: fc.array(target, { minLength: 4, maxLength: 4 }),
      jump_to_question: target,
      nachfrage: fc.constantFrom('', 'Warum?'),
      is_end: fc.constantFrom(0, 0, 0, 1),
      likert_na: fc.constantFrom(0, 1),
      inverse: fc.constantFrom(0, 1),
      variable: fc.constantFrom('', 'v', 'w'),
      context: fc.constantFrom('Text', '{{v}}§§#100#', '#5#', ''),
    })
    .map((r) => {
      const withOptions = ['single_choice', 'multiple_choice', 'likert', 'open_text'].includes(r.type);
      const options = withOptions ? r.options : [];
      return {
        id,
        type: r.type,
        context: r.context,
        options,
        jump_to_ids: options.map((_, i) => r.jumps[i] ?? null),
        jump_to_reactions: options.map((o) => `R ${o}`),
        jump_to_question: r.jump_to_question,
        nachfrage: r.nachfrage,
        is_end: r.type === 'end' ? 1 : r.is_end,
        likert_na: r.likert_na,
        inverse: r.inverse,
        variable: r.variable,
        min: 0,
        max: 100,
        integer: 1,
        min_date: '2000-01-01',
        max_date: '2030-12-31',
        qa_pairs: [{ question: 'Wie lange dauert es?', answer: 'Kurz.' }],
      } satisfies BlockSpec;
    });

const dialogArb = fc
  .record({ blocks: fc.tuple(...ids.map(blockSpec)), startAt: fc.constantFrom(-1, 0, 3) })
  .map(({ blocks, startAt }) => {
    if (startAt >= 0) blocks[startAt]!.start_page = 1;
    return testDialog(blocks);
  });

const answerArb: fc.Arbitrary<AnswerValue> = fc.oneof(
  label,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '42',
    '3,5',
    '-1',
    '1e5',
    'NaN',
    '2024-02-30',
    '01.01.2020',
    'a@b.de',
    'weiter',
    LIKERT_NA_LABEL,
  ),
  fc.double(),
  fc.integer(),
  fc.array(fc.oneof(label, fc.string()), { maxLength: 4 }),
);

type Step = { answer: AnswerValue; wrongId: boolean; oldTurn: boolean };
const stepArb: fc.Arbitrary<Step> = fc.record({
  answer: answerArb,
  wrongId: fc.constantFrom(false, false, false, true),
  oldTurn: fc.constantFrom(false, false, false, true),
});

function checkConsistent(d: PreparedDialog, r: EngineResult, now: number) {
  const { state } = r;
  expect(r.finished).toBe(state.status === 'finished');
  if (state.status === 'finished') {
    expect(state.at).toBeNull();
    expect(r.input).toBeNull();
  } else {
    expect(state.status).toBe('waiting');
    const at = state.at!;
    const block = d.byId.get(at.id)!;
    expect(block).toBeDefined();
    expect(r.input?.unique_question_id).toBe(at.id);
    if (at.phase === 'nachfrage') {
      expect(block.nachfrage.trim()).not.toBe('');
      expect(at.next === null || d.byId.has(at.next)).toBe(true);
      expect(r.input?.nachfrage_id).toBe(at.id);
    } else {
      expect([
        'open_text',
        'single_choice',
        'multiple_choice',
        'likert',
        'number',
        'email',
        'date',
        'gpt',
        'qa',
      ]).toContain(block.type);
    }
  }
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  for (const m of r.messages as ChatMessage[]) {
    expect(m.created_on).toBe(now);
    expect(['user', 'bot']).toContain(m.user_or_bot);
    if (m.user_or_bot === 'bot') parse(m.context);
  }
  for (const a of r.answers) {
    expect(typeof a.value).toBe('string');
    expect(a.value_num === null || Number.isFinite(a.value_num)).toBe(true);
  }
}

// No language model, one that fails, and one that talks until the third answer.
const envArb = fc.constantFrom<EngineEnv>(
  {},
  { gpt: () => undefined, qa: () => undefined },
  {
    gpt: (r) => ({ done: r.step >= 3, question: 'Noch etwas?§§' }),
    qa: (r) => (r.question.length % 2 === 0 ? null : 'Antwort'),
  },
);

describe('property: random dialogs and random answers', () => {
  it('never throws and never leaves the state inconsistent', () => {
    fc.assert(
      fc.property(dialogArb, envArb, fc.array(stepArb, { maxLength: 25 }), (d, env, steps) => {
        let r = start(d, env);
        checkConsistent(d, r, NOW);
        steps.forEach((step, i) => {
          const now = NOW + i + 1;
          const input = r.input;
          const event = {
            kind: 'answer' as const,
            now,
            unique_question_id: step.wrongId || !input ? 'b0' : input.unique_question_id,
            nachfrage_id: input?.nachfrage_id ?? null,
            turn: step.oldTurn ? r.state.turn - 1 : r.state.turn,
            answer: step.answer,
          };
          const before = r.state;
          const next = runChat(d, before, event, env);
          if (next.outcome === 'stale') {
            expect(next.state).toBe(before);
          } else {
            expect(['ok', 'invalid']).toContain(next.outcome);
            expect(next.state.turn).toBe(before.turn + 1);
            if (next.outcome === 'invalid') expect(next.answers).toEqual([]);
          }
          checkConsistent(d, next, now);
          r = next.outcome === 'stale' ? { ...r, messages: [], answers: [] } : next;
        });
      }),
      { numRuns: 400 },
    );
  });
});

describe('multi-dialog seams (holds, leaves)', () => {
  const d = () =>
    testDialog([
      { id: 'm1', type: 'message', context: 'Eins' },
      { id: 'q1', type: 'single_choice', context: 'Weiter?', options: ['Ja'], nachfrage: 'Warum?' },
      { id: 'm2', type: 'message', context: 'Zwei' },
      { id: 'q2', type: 'open_text', context: 'Und?' },
    ]);

  it('holds a block before it is shown and resumes there with a trigger', () => {
    const dialog = d();
    const held = start(dialog, { holds: (id) => id === 'm2' || id === 'q1' });
    expect(texts(held)).toEqual([expect.stringContaining('Willkommen'), 'Eins']);
    expect(held.state.at).toEqual({ id: 'q1', phase: 'held' });
    expect(held.input).toBeNull();
    expect(held.done).toEqual(['m1']);
    // Nothing can be answered while held.
    const stale = runChat(dialog, held.state, {
      kind: 'answer',
      now: NOW,
      unique_question_id: 'q1',
      turn: held.state.turn,
      answer: 'Ja',
    });
    expect(stale.outcome).toBe('stale');
    const resumed = runChat(dialog, held.state, { kind: 'trigger', now: NOW, target: 'q1' });
    expect(texts(resumed)).toEqual(['Weiter?']);
    expect(resumed.input?.unique_question_id).toBe('q1');
  });

  it('leaves after an answered block incl. its follow-up, remembering where it would go on', () => {
    const dialog = d();
    const env: EngineEnv = { leaves: (id) => id === 'q1' };
    const [, asked, followUp] = play(dialog, ['Ja', 'Darum'], env);
    expect(asked!.input?.type).toBe('nachfrage');
    expect(asked!.done).toEqual([]);
    expect(followUp!.state.at).toEqual({ id: 'q1', phase: 'away', next: 'm2' });
    expect(followUp!.done).toEqual(['q1']);
    expect(followUp!.input).toBeNull();
    expect(followUp!.finished).toBe(false);
    const back = runChat(dialog, followUp!.state, { kind: 'trigger', now: NOW, target: 'm2' }, env);
    expect(texts(back)).toEqual(['Zwei', 'Und?']);
    expect(back.done).toEqual(['m2']);
  });

  it('leaves after a block that asks nothing once it is shown', () => {
    const r = start(d(), { leaves: (id) => id === 'm1' });
    expect(texts(r)).toEqual([expect.stringContaining('Willkommen'), 'Eins']);
    expect(r.state.at).toEqual({ id: 'm1', phase: 'away', next: 'q1' });
  });

  it('a trigger into a dialog not begun greets first; one to the end marker ends it', () => {
    const dialog = d();
    const r = runChat(dialog, initialState(), { kind: 'trigger', now: NOW, target: 'q2' });
    expect(texts(r)).toEqual([expect.stringContaining('Willkommen'), 'Und?']);
    const ended = runChat(dialog, r.state, { kind: 'trigger', now: NOW, target: END });
    expect(ended.finished).toBe(true);
    expect(texts(ended)).toEqual([expect.stringContaining('Danke')]);
  });
});
