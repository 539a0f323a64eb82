import type { AiEnv } from '../chat/ai-turn.ts';
import type { ChatState } from '../chat/engine/types.ts';
import type { Session } from '../chat/session-state.ts';
import type { ModelPlan } from '../chat/turn-pipeline.ts';
import { notFound } from '../http/errors.ts';
import { NO_WAITING_CHAT } from './errors.ts';
import type { LoadedGame } from './game-loader.ts';
import { type GameEvent, type GameState, initialGameState, playTurn, timedOut } from './rules.ts';

/** The turns a game plays (service.ts): what each starts from, and how the model's replies are planned. */

export const chatsOf = (sessions: ReadonlyMap<number, Session> | undefined) =>
  new Map<number, ChatState>([...(sessions ?? [])].map(([id, s]) => [id, s.chat]));

/** A turn to play: the game's state, its dialogs' sessions (none for a new game) and the event. */
export interface Plan {
  state: GameState;
  sessions: ReadonlyMap<number, Session>;
  event: GameEvent;
}

export const playPlan = (g: LoadedGame, plan: Plan, ai: AiEnv) =>
  playTurn(g.game, plan.state, chatsOf(plan.sessions), plan.event, ai);

/** The model calls of a plan: a request can come from any of the game's dialogs. */
export const modelPlan = (g: LoadedGame, plan: Plan): ModelPlan => ({
  owners: g.game.dialogs.map((d) => ({
    dialog: d.dialog,
    exitConditions: d.version.exitConditions,
    surveyId: d.id,
    sessionId: plan.sessions.get(d.id)?.id ?? null,
  })),
  dryRun: (ai) => playPlan(g, plan, ai),
});

export const startPlan = (g: LoadedGame): Plan => ({
  state: initialGameState(),
  sessions: new Map(),
  event: { kind: 'start', now: g.now },
});

/** A release's turn; 404 when the caller has no unfinished session. */
export function releaseTurn(g: LoadedGame, triggerId: number) {
  const session = g.session;
  if (!session || session.state.finished) throw notFound(NO_WAITING_CHAT);
  const plan: Plan = {
    state: session.state,
    sessions: session.dialogs,
    event: { kind: 'release', now: g.now, triggerId },
  };
  return { session, plan };
}

/** The turn of a wait whose deadline has passed; null when none is due. */
export function timeoutPlan(g: LoadedGame): Plan | null {
  const session = g.session;
  if (!session || !timedOut(session.state, g.now)) return null;
  return { state: session.state, sessions: session.dialogs, event: { kind: 'timeout', now: g.now } };
}
