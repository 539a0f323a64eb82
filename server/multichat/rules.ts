import { endNodeId } from '../../contract/blocks.ts';
import type { MultichatInput } from '../../contract/multichat.ts';
import type { TriggerType } from '../../contract/triggers.ts';
import { inputFor } from '../chat/engine/input.ts';
import { runChat } from '../chat/engine/run-chat.ts';
import {
  type ChatEvent,
  type ChatState,
  type EngineEnv,
  type EngineResult,
  initialState,
  type PreparedDialog,
} from '../chat/engine/types.ts';

/**
 * The rules of a multi-dialog chat (contract/multichat.ts), as a pure function over the engine: the
 * game's state, the chats of its dialogs and one event in; the new states and the engine steps that ran
 * (in the order they ran, so their messages can be stored in that order) out. No I/O, like the engine.
 */

export interface GameDialog {
  /** The dialog's internal id (surveys.id); dialog.survey_id is its public id. */
  id: number;
  dialog: PreparedDialog;
  /** The version the dialog plays for this player (server/versions): its id, exit conditions and models. */
  version: GameVersion;
}

/** What the game's turn pipeline needs of a dialog's version besides its prepared dialog. */
export interface GameVersion {
  id: number;
  exitConditions: ReadonlyMap<string, readonly string[]>;
  models: ReadonlyMap<string, { version: number; threshold: number | null }>;
}

export interface GameTrigger {
  id: number;
  type: TriggerType;
  /** The dialog (internal id) and block the trigger is attached to. */
  surveyId: number;
  block: string;
  target: { surveyId: number; block: string };
  init: boolean;
  /** waitAPI: where the game goes on when the call has not come after `seconds`. */
  timeout?: { seconds: number; target: { surveyId: number; block: string } };
}

export interface Game {
  /** The connected dialogs by order. */
  dialogs: readonly GameDialog[];
  /** Triggers whose both ends are dialogs of the game. */
  triggers: readonly GameTrigger[];
}

export interface GameState {
  /** The dialog (internal id) whose input is asked, or that the game waits in; null before the start. */
  active: number | null;
  /** Done blocks as doneKey(dialog, block). */
  done: string[];
  /** The waitAPI trigger the game waits for. */
  waiting: number | null;
  /** When that trigger has a timeout: the time (ms) from which the game goes on without the call. */
  deadline?: number;
  finished: boolean;
}

export const initialGameState = (): GameState => ({ active: null, done: [], waiting: null, finished: false });

export const doneKey = (surveyId: number, block: string) => `${surveyId}/${block}`;

export type GameEvent =
  | { kind: 'start'; now: number }
  /** An answer for the active dialog; env: its answer routing (trained classifier). */
  | { kind: 'answer'; surveyId: number; event: Extract<ChatEvent, { kind: 'answer' }>; env?: EngineEnv }
  /** The inbound call of a waitAPI trigger. */
  | { kind: 'release'; now: number; triggerId: number }
  /** The deadline of the pending waitAPI has passed (service.ts sends it when it reads the game). */
  | { kind: 'timeout'; now: number };

export interface GameStep {
  surveyId: number;
  result: EngineResult;
}

export interface GameTurn {
  /** stale: the answer is not for the current input, or the release not for the pending waitAPI. */
  outcome: 'ok' | 'invalid' | 'stale' | 'ignored';
  state: GameState;
  chats: Map<number, ChatState>;
  steps: GameStep[];
}

/** The dialog that opens the game: the one marked init_survey, else the first by order. */
export function startDialog(game: Game): number | null {
  const marked = game.triggers.find((t) => t.init && game.dialogs.some((d) => d.id === t.surveyId));
  return marked?.surveyId ?? game.dialogs[0]?.id ?? null;
}

const asks = (chat: ChatState | undefined) =>
  chat?.status === 'waiting' && (chat.at?.phase === 'question' || chat.at?.phase === 'nachfrage');

/** The chat's current input, with the dialog it belongs to; null while nothing is asked. */
export function gameInput(game: Game, state: GameState, chats: ReadonlyMap<number, ChatState>) {
  if (state.finished || state.waiting !== null || state.active === null) return null;
  const dialog = game.dialogs.find((d) => d.id === state.active);
  const chat = chats.get(state.active);
  if (!dialog || !chat) return null;
  const input = inputFor(dialog.dialog, chat);
  return input ? ({ ...input, survey_id: dialog.dialog.survey_id } satisfies MultichatInput) : null;
}

/** The pending wait has a deadline that has passed at `now`. */
export const timedOut = (state: GameState, now: number) =>
  !state.finished && state.waiting !== null && state.deadline !== undefined && now >= state.deadline;

/** Every step moves the chat into a dialog; a game of moveTo triggers in a circle must still end. */
const maxSteps = (game: Game) => 4 * game.dialogs.length + 8;

export function playTurn(
  game: Game,
  state: GameState,
  chatsBefore: ReadonlyMap<number, ChatState>,
  ev: GameEvent,
  /** The language model's replies (chat/ai-turn.ts), for blocks of every dialog the turn reaches. */
  ai: Pick<EngineEnv, 'gpt' | 'qa'> = {},
): GameTurn {
  const chats = new Map(chatsBefore);
  const done = new Set(state.done);
  const steps: GameStep[] = [];
  let { active, waiting } = state;
  let deadline = state.deadline;
  const unchanged = (outcome: GameTurn['outcome']): GameTurn => ({
    outcome,
    state,
    chats: new Map(chatsBefore),
    steps: [],
  });

  const holds = (surveyId: number, block: string) =>
    game.triggers.some(
      (t) =>
        t.type === 'waitFor' &&
        t.surveyId === surveyId &&
        t.block === block &&
        !done.has(doneKey(t.target.surveyId, t.target.block)),
    );
  const leaving = (surveyId: number, block: string) =>
    game.triggers.find(
      (t) => (t.type === 'moveTo' || t.type === 'waitAPI') && t.surveyId === surveyId && t.block === block,
    );

  function apply(surveyId: number, event: ChatEvent, extra: EngineEnv = {}): EngineResult | null {
    const entry = game.dialogs.find((d) => d.id === surveyId);
    if (!entry) return null;
    const env: EngineEnv = {
      ...ai,
      ...extra,
      holds: (block) => holds(surveyId, block),
      leaves: (block) => leaving(surveyId, block) !== undefined,
    };
    const res = runChat(entry.dialog, chats.get(surveyId) ?? initialState(), event, env);
    if (res.outcome === 'ok' || res.outcome === 'invalid') {
      chats.set(surveyId, res.state);
      for (const block of res.done) done.add(doneKey(surveyId, block));
      steps.push({ surveyId, result: res });
    }
    return res;
  }

  /** The dialog that goes on when the active one cannot: see contract/multichat.ts. */
  function pickNext(): { surveyId: number; event: ChatEvent } | null {
    for (const { id, dialog } of game.dialogs) {
      const chat = chats.get(id);
      const at = chat?.status === 'waiting' ? chat.at : null;
      if (at?.phase === 'held' && !holds(id, at.id)) {
        return { surveyId: id, event: { kind: 'trigger', now: nowOf(ev), target: at.id } };
      }
      if (at?.phase === 'away') {
        const target = at.next ?? endNodeId(dialog.survey_id);
        return { surveyId: id, event: { kind: 'trigger', now: nowOf(ev), target } };
      }
    }
    const fresh = game.dialogs.find((d) => (chats.get(d.id)?.status ?? 'new') === 'new');
    return fresh ? { surveyId: fresh.id, event: { kind: 'start', now: nowOf(ev) } } : null;
  }

  let last: { surveyId: number; res: EngineResult | null };
  if (ev.kind === 'start') {
    const first = startDialog(game);
    if (state.active !== null || state.finished || first === null) return unchanged('ignored');
    active = first;
    last = { surveyId: first, res: apply(first, { kind: 'start', now: ev.now }) };
  } else if (ev.kind === 'answer') {
    if (state.finished || waiting !== null || active !== ev.surveyId) return unchanged('stale');
    const res = apply(ev.surveyId, ev.event, ev.env);
    if (!res || res.outcome === 'stale' || res.outcome === 'ignored') return unchanged('stale');
    if (res.outcome === 'invalid') {
      return { outcome: 'invalid', state: { ...state, done: [...done] }, chats, steps };
    }
    last = { surveyId: ev.surveyId, res };
  } else {
    const trigger = game.triggers.find((t) => t.id === waiting);
    const release = ev.kind === 'release' ? waiting === ev.triggerId : timedOut(state, ev.now);
    const target = ev.kind === 'release' ? trigger?.target : trigger?.timeout?.target;
    if (!release || !target) return unchanged('stale');
    waiting = null;
    deadline = undefined;
    active = target.surveyId;
    last = { surveyId: active, res: apply(active, { kind: 'trigger', now: ev.now, target: target.block }) };
  }

  let finished = false;
  let steered = false;
  for (let i = 0; i < maxSteps(game) && !steered; i++) {
    const at = last.res?.outcome === 'ok' ? last.res.state.at : null;
    const leave = at?.phase === 'away' ? leaving(last.surveyId, at.id) : undefined;
    if (leave?.type === 'waitAPI') {
      waiting = leave.id;
      deadline = leave.timeout && nowOf(ev) + leave.timeout.seconds * 1000;
      active = last.surveyId;
      steered = true;
    } else if (leave?.type === 'moveTo') {
      active = leave.target.surveyId;
      last = {
        surveyId: active,
        res: apply(active, { kind: 'trigger', now: nowOf(ev), target: leave.target.block }),
      };
    } else if (active !== null && asks(chats.get(active))) {
      steered = true;
    } else {
      const next = pickNext();
      if (next === null) {
        finished = true;
        steered = true;
      } else {
        active = next.surveyId;
        last = { surveyId: next.surveyId, res: apply(next.surveyId, next.event) };
      }
    }
  }
  // Out of steps without a question to ask: the triggers go round in a circle, nothing can go on.
  if (!steered) finished = true;
  const next: GameState = { active, done: [...done], waiting, finished };
  if (deadline !== undefined && waiting !== null) next.deadline = deadline;
  return { outcome: 'ok', state: next, chats, steps };
}

const nowOf = (ev: GameEvent) => (ev.kind === 'answer' ? ev.event.now : ev.now);
