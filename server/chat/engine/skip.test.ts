import { describe, expect, it } from 'vitest';
import { testDialog } from '../../test/chat-fixtures.ts';
import { reply, start, texts } from '../../test/engine-play.ts';
import type { EngineResult, PreparedDialog } from './types.ts';

/** Skips whatever is asked, as the skip button does. */
const skip = (d: PreparedDialog, prev: EngineResult) => reply(d, prev, 'egal', undefined, true);

describe('optional questions', () => {
  const draw = () =>
    testDialog([
      {
        id: 'mail',
        type: 'email',
        context: 'Wenn Sie an der Verlosung teilnehmen möchten, nennen Sie Ihre E-Mail.',
        optional: 1,
        nachfrage: 'Sicher?',
        acknowledgement: 'Danke!',
        variable: 'mail',
      },
      { id: 'q2', type: 'single_choice', context: 'Weiter?', options: ['Ja'] },
    ]);

  it('offers the skip button only on an optional question, with the dialog text or the block label', () => {
    expect(start(draw()).input?.skip).toBe('Überspringen');
    const labelled = testDialog([{ id: 'q', type: 'likert', optional: 1, skip_label: 'keine Angabe' }]);
    expect(start(labelled).input?.skip).toBe('keine Angabe');
    expect(start(testDialog([{ id: 'q', type: 'email' }])).input?.skip).toBeNull();
    // gpt and qa blocks converse; a message asks nothing: none of them is skipped.
    expect(start(testDialog([{ id: 'q', type: 'qa', optional: 1 }])).input?.skip).toBeNull();
    const en = testDialog([{ id: 'q', type: 'email', optional: 1 }], { language: 'en' });
    expect(start(en).input?.skip).toBe('Skip');
  });

  it('stores a skip as its own state and goes on without follow-up, acknowledgement or variable', () => {
    const d = draw();
    const r = skip(d, start(d));
    expect(r.outcome).toBe('ok');
    expect(r.answers).toEqual([
      expect.objectContaining({ unique_question_id: 'mail', kind: 'skip', value: '', value_num: null }),
    ]);
    expect(r.messages.filter((m) => m.user_or_bot === 'user').map((m) => [m.context, m.type])).toEqual([
      ['Überspringen', 'email-r'],
    ]);
    expect(texts(r)).toEqual(['Weiter?']);
    expect(r.state.vars).toEqual({});
    expect(r.done).toEqual(['mail']);
    expect(r.input).toMatchObject({ unique_question_id: 'q2', skip: null });
  });

  it('follows the default way on from a skipped block, never an option jump', () => {
    const d = testDialog([
      {
        id: 'q1',
        type: 'single_choice',
        optional: 1,
        options: ['A', 'B'],
        jump_to_ids: ['qa', 'qb'],
        jump_to_question: 'qd',
      },
      { id: 'qa', type: 'open_text', context: 'A' },
      { id: 'qb', type: 'open_text', context: 'B' },
      { id: 'qd', type: 'open_text', context: 'Standard' },
    ]);
    expect(skip(d, start(d)).input?.unique_question_id).toBe('qd');
    const next = testDialog([
      { id: 'q1', type: 'single_choice', optional: 1, options: ['A'], jump_to_ids: ['q3'] },
      { id: 'q2', type: 'open_text', context: 'Nächster' },
      { id: 'q3', type: 'open_text', context: 'Sprungziel' },
    ]);
    expect(skip(next, start(next)).input?.unique_question_id).toBe('q2');
  });

  it('refuses a skip of a question that must be answered, and asks it again', () => {
    const d = testDialog([{ id: 'q1', type: 'email' }]);
    const first = start(d);
    const r = skip(d, first);
    expect(r.outcome).toBe('invalid');
    expect(r.answers).toEqual([]);
    expect(r.input).toMatchObject({ unique_question_id: 'q1', turn: first.input!.turn + 1 });
  });
});
