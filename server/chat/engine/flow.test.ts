import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../../contract/blocks.ts';
import { parse } from '../../../contract/text-content.ts';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { allTexts, END, last, NOW, play, reply, start, texts } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import { type AnswerValue, type EngineEnv, type EngineResult, initialState } from './types.ts';

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
