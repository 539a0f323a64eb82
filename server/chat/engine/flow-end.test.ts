import { describe, expect, it } from 'vitest';
import { testDialog } from '../../test/chat-fixtures.ts';
import { END, last, NOW, play, reply, start, texts } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import { type EngineEnv, type EngineResult, initialState } from './types.ts';

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
