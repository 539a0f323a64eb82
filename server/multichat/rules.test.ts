import { describe, expect, it } from 'vitest';
import type { ChatState } from '../chat/engine/types.ts';
import { type BlockSpec, testDialog } from '../test/chat-fixtures.ts';
import {
  type Game,
  type GameState,
  type GameTrigger,
  type GameTurn,
  gameInput,
  initialGameState,
  playTurn,
  startDialog,
  timedOut,
} from './rules.ts';

const NOW = 1_700_000_000_000;
const A = 1;
const B = 2;
const C = 3;

const dialog = (id: number, specs: BlockSpec[]) => ({
  id,
  dialog: testDialog(specs, { survey_id: `S${id}`, welcome: '', ending: '' }),
  version: { id, exitConditions: new Map(), models: new Map() },
});
const choice = (id: string, context: string): BlockSpec => ({
  id,
  type: 'single_choice',
  context,
  options: ['Ok'],
});

let triggerId = 0;
const trigger = (
  type: GameTrigger['type'],
  from: [number, string],
  to: [number, string],
  init = false,
): GameTrigger => ({
  id: ++triggerId,
  type,
  surveyId: from[0],
  block: from[1],
  target: { surveyId: to[0], block: to[1] },
  init,
});

/** A: moveTo B, waitFor on B (or C), waitAPI back into A; B: two blocks; C: one question. */
function game(waitForTarget: [number, string] = [B, 'b2']): Game {
  return {
    dialogs: [
      dialog(A, [
        { id: 'a1', type: 'message', context: 'A1' },
        choice('a2', 'A2?'),
        choice('a3', 'A3?'),
        { id: 'a4', type: 'message', context: 'A4 warte' },
        { id: 'a5', type: 'message', context: 'A5' },
        choice('a6', 'A6?'),
      ]),
      dialog(B, [{ id: 'b1', type: 'message', context: 'B1' }, choice('b2', 'B2?')]),
      dialog(C, [choice('c1', 'C1?')]),
    ],
    triggers: [
      trigger('moveTo', [A, 'a2'], [B, 'b1']),
      trigger('waitFor', [A, 'a3'], waitForTarget),
      trigger('waitAPI', [A, 'a4'], [A, 'a5']),
    ],
  };
}

interface Play {
  state: GameState;
  chats: Map<number, ChatState>;
  last: GameTurn;
}

function begin(g: Game): Play {
  const last = playTurn(g, initialGameState(), new Map(), { kind: 'start', now: NOW });
  return { state: last.state, chats: last.chats, last };
}

function answer(g: Game, p: Play, value = 'Ok', override: { turn?: number; surveyId?: number } = {}): Play {
  const input = gameInput(g, p.state, p.chats);
  if (!input) throw new Error('nothing is asked');
  const last = playTurn(g, p.state, p.chats, {
    kind: 'answer',
    surveyId: override.surveyId ?? Number(input.survey_id.slice(1)),
    event: {
      kind: 'answer',
      now: NOW,
      unique_question_id: input.unique_question_id,
      nachfrage_id: input.nachfrage_id,
      turn: override.turn ?? input.turn,
      answer: value,
    },
  });
  return { state: last.state, chats: last.chats, last };
}

function release(g: Game, p: Play, id: number): Play {
  const last = playTurn(g, p.state, p.chats, { kind: 'release', now: NOW, triggerId: id });
  return { state: last.state, chats: last.chats, last };
}

const said = (t: GameTurn) =>
  t.steps.flatMap((s) => s.result.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context));
const asked = (g: Game, p: Play) => gameInput(g, p.state, p.chats)?.unique_question_id ?? null;

describe('multichat rules', () => {
  it('plays moveTo, waitFor and waitAPI to the end in one order', () => {
    const g = game();
    let p = begin(g);
    expect(said(p.last)).toEqual(['A1', 'A2?']);
    expect(asked(g, p)).toBe('a2');
    expect(gameInput(g, p.state, p.chats)?.survey_id).toBe('S1');

    p = answer(g, p); // a2 done: moveTo B
    expect(said(p.last)).toEqual(['B1', 'B2?']);
    expect(p.state.active).toBe(B);
    expect(p.chats.get(A)?.at).toEqual({ id: 'a2', phase: 'away', next: 'a3' });

    p = answer(g, p); // b2 done, B ends; A comes back at a3, whose waitFor is done now
    expect(said(p.last)).toEqual(['A3?']);
    expect(p.chats.get(B)?.status).toBe('finished');
    expect(p.state.done).toEqual(expect.arrayContaining(['1/a1', '1/a2', '2/b1', '2/b2']));

    p = answer(g, p); // a3 done, a4 shown: waitAPI
    expect(said(p.last)).toEqual(['A4 warte']);
    expect(p.state.waiting).toBe(g.triggers[2]!.id);
    expect(gameInput(g, p.state, p.chats)).toBeNull();
    expect(p.state.finished).toBe(false);

    // Answers and other triggers change nothing while the game waits.
    const stale = playTurn(g, p.state, p.chats, {
      kind: 'answer',
      surveyId: A,
      event: { kind: 'answer', now: NOW, unique_question_id: 'a3', answer: 'Ok' },
    });
    expect(stale.outcome).toBe('stale');
    expect(release(g, p, g.triggers[0]!.id).last.outcome).toBe('stale');

    p = release(g, p, g.triggers[2]!.id);
    expect(said(p.last)).toEqual(['A5', 'A6?']);
    expect(p.state.waiting).toBeNull();
    expect(release(g, p, g.triggers[2]!.id).last.outcome).toBe('stale');

    p = answer(g, p); // A ends; C was never begun, so it starts
    expect(said(p.last)).toEqual(['C1?']);
    expect(p.state.active).toBe(C);

    p = answer(g, p);
    expect(p.state.finished).toBe(true);
    expect(gameInput(g, p.state, p.chats)).toBeNull();
  });

  it('holds a dialog until its waitFor target is done in another dialog, then resumes it first', () => {
    const g = game([C, 'c1']);
    let p = answer(g, answer(g, begin(g))); // a2 -> B, b2 -> B ends; A's a3 waits for C
    expect(p.chats.get(A)?.at).toEqual({ id: 'a3', phase: 'held' });
    expect(asked(g, p)).toBe('c1');
    p = answer(g, p);
    expect(said(p.last)).toEqual(['A3?']);
    expect(asked(g, p)).toBe('a3');
  });

  it('refuses stale answers: an old turn, another dialog, and before the start', () => {
    const g = game();
    const p = begin(g);
    expect(answer(g, p, 'Ok', { turn: 99 }).last.outcome).toBe('stale');
    expect(answer(g, p, 'Ok', { surveyId: B }).last.outcome).toBe('stale');
    const invalid = answer(g, p, 'Vielleicht');
    expect(invalid.last.outcome).toBe('invalid');
    expect(asked(g, invalid)).toBe('a2');
    expect(playTurn(g, p.state, p.chats, { kind: 'start', now: NOW }).outcome).toBe('ignored');
  });

  it('starts in the init_survey dialog, else the first by order', () => {
    const g = game();
    expect(startDialog(g)).toBe(A);
    expect(startDialog({ ...g, triggers: [trigger('moveTo', [C, 'c1'], [A, 'a1'], true)] })).toBe(C);
    expect(startDialog({ dialogs: [], triggers: [] })).toBeNull();
  });

  it('ends a game whose moveTo triggers go round in a circle', () => {
    const g: Game = {
      dialogs: [
        dialog(A, [{ id: 'x', type: 'message', context: 'X' }]),
        dialog(B, [{ id: 'y', type: 'message', context: 'Y' }]),
      ],
      triggers: [trigger('moveTo', [A, 'x'], [B, 'y']), trigger('moveTo', [B, 'y'], [A, 'x'])],
    };
    const p = begin(g);
    expect(p.state.finished).toBe(true);
    expect(p.last.steps.length).toBeLessThanOrEqual(4 * 2 + 8 + 1);
  });

  it('ends when a held dialog can never go on', () => {
    const g: Game = {
      dialogs: [dialog(A, [choice('a', 'A?')]), dialog(B, [choice('b', 'B?')])],
      triggers: [trigger('waitFor', [A, 'a'], [B, 'b']), trigger('waitFor', [B, 'b'], [A, 'a'])],
    };
    expect(begin(g).state.finished).toBe(true);
  });

  it('goes on at the timeout path of a waitAPI when its deadline passes without the call', () => {
    const g = game();
    const wait = g.triggers[2]!;
    const timed: Game = {
      ...g,
      triggers: [
        g.triggers[0]!,
        g.triggers[1]!,
        { ...wait, timeout: { seconds: 30, target: { surveyId: A, block: 'a6' } } },
      ],
    };
    let p = begin(timed);
    for (let i = 0; i < 3; i++) p = answer(timed, p);
    expect(p.state.waiting).toBe(wait.id);
    expect(p.state.deadline).toBe(NOW + 30_000);
    expect(timedOut(p.state, NOW + 29_999)).toBe(false);
    const early = playTurn(timed, p.state, p.chats, { kind: 'timeout', now: NOW + 29_999 });
    expect(early.outcome).toBe('stale');

    const late = playTurn(timed, p.state, p.chats, { kind: 'timeout', now: NOW + 30_000 });
    expect(late.outcome).toBe('ok');
    expect(said(late)).toEqual(['A6?']);
    expect(late.state.waiting).toBeNull();
    expect(late.state.deadline).toBeUndefined();

    // Without a timeout the wait has no deadline and only the call ends it.
    const plain = begin(g);
    let q = plain;
    for (let i = 0; i < 3; i++) q = answer(g, q);
    expect(q.state.deadline).toBeUndefined();
    expect(playTurn(g, q.state, q.chats, { kind: 'timeout', now: NOW + 1e9 }).outcome).toBe('stale');
  });
});
