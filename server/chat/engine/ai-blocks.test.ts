import { describe, expect, it } from 'vitest';
import { parse } from '../../../contract/text-content.ts';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { bot, last, NOW, play, reply, start, texts } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import { type EngineEnv, type GptReply, type GptRequest, QA_MODEL_PAIRS } from './types.ts';

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
