import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../../contract/blocks.ts';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { END, NOW, play, start, texts } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import type { AnswerValue } from './types.ts';

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

  it("an end block's own text replaces the ending; an empty end block leaves the ending to say", () => {
    const own = testDialog([
      { id: 'e', type: 'end', context: 'Das war es.' },
      { id: 'q', type: 'email' },
    ]);
    const r = start(own);
    expect(texts(r)).toEqual(['Willkommen!', 'Das war es.']);
    expect(r.finished).toBe(true);
    const empty = testDialog([
      { id: 'e', type: 'end', context: '' },
      { id: 'q', type: 'email' },
    ]);
    expect(texts(start(empty))).toEqual(['Willkommen!', 'Danke und tschüss!']);
  });

  it("sends both, the end block's own text and then the ending, when the author chose that", () => {
    const r = start(
      testDialog([{ id: 'e', type: 'end', context: 'Das war es.' }], { ending_after_end_block: true }),
    );
    expect(texts(r)).toEqual(['Willkommen!', 'Das war es.', 'Danke und tschüss!']);
    expect(r.finished).toBe(true);
    // An empty end block sends the ending once, whichever the setting.
    expect(
      texts(start(testDialog([{ id: 'e', type: 'end', context: '' }], { ending_after_end_block: true }))),
    ).toEqual(['Willkommen!', 'Danke und tschüss!']);
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
