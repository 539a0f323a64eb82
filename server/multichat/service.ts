import { timingSafeEqual } from 'node:crypto';
import { NOT_CURRENT_QUESTION_MSG } from '../../contract/chat.ts';
import {
  type MultichatAnswerRequest,
  type MultichatTurnResponse,
  NOT_WAITING_MSG,
  type TriggerApiRequest,
  WAIT_SECONDS,
} from '../../contract/multichat.ts';
import { parseTrigger } from '../../contract/triggers.ts';
import { hashOpaqueToken, type Principal } from '../auth/tokens.ts';
import type { AiEnv } from '../chat/ai-turn.ts';
import type { ChatState, EngineEnv } from '../chat/engine/types.ts';
import { ONLY_PARTICIPANTS_DELETE } from '../chat/errors.ts';
import type { ChatOwner } from '../chat/queries.ts';
import type { Session } from '../chat/session-state.ts';
import {
  answerEvent,
  answerToRoute,
  ownerOf,
  refuseOverlongChat,
  runChatTurn,
  storeStep,
} from '../chat/turn-pipeline.ts';
import type { AppContext } from '../context.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { findTrigger } from '../managers/queries.ts';
import { type PreparedRouting, trainedRouting } from '../training/router.ts';
import type { RoutingRequest } from '../training/semantic-routing.ts';
import { deleteGamePlayer } from './delete-player.ts';
import { NO_WAITING_CHAT, NOT_BEGUN, TRIGGER_NOT_FOUND, WRONG_SECRET } from './errors.ts';
import { type LoadedGame, loadGame } from './game-loader.ts';
import type { Notifier } from './notify.ts';
import { chatsOf, modelPlan, type Plan, playPlan, releaseTurn, startPlan, timeoutPlan } from './plans.ts';
import {
  findParticipantByName,
  gameMessages,
  insertManagerSession,
  lastMessageId,
  updateManagerSession,
} from './queries.ts';
import { type GameState, type GameTurn, gameInput, timedOut } from './rules.ts';

/**
 * The multichat calls (contract/multichat.ts): who may play which game, and each turn through the chat's
 * turn pipeline (chat/turn-pipeline.ts, the owner locked as in the single chat): it reads the game and
 * all its dialogs' sessions, runs the rules (rules.ts) and stores every engine step in the order it ran,
 * so message ids give one order across the dialogs. After the commit the session's waiters are woken
 * (notify.ts).
 */

/**
 * Stores a turn: each engine step in order (a dialog's session is created when it is first reached).
 * Returns the dialogs' sessions after it.
 */
async function storeTurn(g: LoadedGame, sessionId: number, before: Map<number, Session>, turn: GameTurn) {
  const sessions = new Map(before);
  const versions = new Map(g.game.dialogs.map((d) => [d.id, d.version.id]));
  for (const step of turn.steps) {
    const session = await storeStep(g.db, {
      owner: g.owner,
      surveyId: step.surveyId,
      versionId: versions.get(step.surveyId)!,
      session: sessions.get(step.surveyId),
      result: step.result,
      now: g.now,
      managerSessionId: sessionId,
    });
    sessions.set(step.surveyId, session);
  }
  await updateManagerSession(g.db, sessionId, JSON.stringify(turn.state), g.now, turn.state.finished);
  return sessions;
}

async function response(
  g: LoadedGame,
  sessionId: number,
  state: GameState,
  chats: ReadonlyMap<number, ChatState>,
  afterId: number,
): Promise<MultichatTurnResponse> {
  const messages = await gameMessages(g.db, sessionId, afterId);
  return {
    messages,
    input: gameInput(g.game, state, chats),
    finished: state.finished,
    waiting: state.waiting !== null,
    after_id: messages.at(-1)?.id ?? (await lastMessageId(g.db, sessionId)),
  };
}

/** A new manager session started with the game's start event; answers with its whole history. */
async function beginSession(g: LoadedGame, ai: AiEnv) {
  const plan = startPlan(g);
  const id = await insertManagerSession(g.db, g.managerId, g.owner, JSON.stringify(plan.state), g.now);
  const turn = playPlan(g, plan, ai);
  await storeTurn(g, id, new Map(), turn);
  return { id, body: await response(g, id, turn.state, turn.chats, 0) };
}

/** The chat of the game an answer is for; 409 when no chat asks it. */
function answerTarget(g: LoadedGame, body: MultichatAnswerRequest) {
  const session = g.session;
  const dialog = g.game.dialogs.find((d) => d.dialog.survey_id === body.survey_id);
  if (!session || !dialog) throw conflict(NOT_CURRENT_QUESTION_MSG);
  return { session, dialog };
}

type Target = ReturnType<typeof answerTarget>;

const answerPlan = (
  g: LoadedGame,
  { session, dialog }: Target,
  body: MultichatAnswerRequest,
  env: EngineEnv,
): Plan => ({
  state: session.state,
  sessions: session.dialogs,
  event: { kind: 'answer', surveyId: dialog.id, env, event: answerEvent(body, g.now) },
});

/** An answer's turn: the dialog it is for and its trained routing (with the decision prepared before). */
async function answerTurn(
  ctx: AppContext,
  g: LoadedGame,
  body: MultichatAnswerRequest,
  routed: PreparedRouting | null,
) {
  const target = answerTarget(g, body);
  const { session, dialog } = target;
  refuseOverlongChat(session.dialogs.get(dialog.id));
  const block = dialog.dialog.byId.get(body.unique_question_id);
  const routing = await trainedRouting(ctx, g.db, dialog.id, block, dialog.version.models, routed);
  return { session, dialog, routing, plan: answerPlan(g, target, body, routing.env) };
}

/** The free-text answer of an answer's turn to route before the transaction (answerToRoute). */
function answerRoute(g: LoadedGame, body: MultichatAnswerRequest): RoutingRequest | null {
  const target = answerTarget(g, body);
  return answerToRoute(target.dialog.id, target.dialog.version.models, (env) =>
    playPlan(g, answerPlan(g, target, body, env), {}),
  );
}

async function wholeHistory(g: LoadedGame, session: NonNullable<LoadedGame['session']>) {
  return response(g, session.id, session.state, chatsOf(session.dialogs), 0);
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a game turn returns: the manager session it changed (its waiters are woken), and the answer. */
interface Outcome<T> {
  changed: number | null;
  body: T;
}

export class MultichatService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: Notifier,
  ) {}

  /**
   * One turn of the caller's game through the turn pipeline; planOf: the turn the model's replies are
   * fetched for (null: none). Wakes the changed session's waiters after the commit.
   */
  private async withGame<T>(
    owner: ChatOwner,
    managerId: number,
    check: boolean,
    fn: (g: LoadedGame, ai: AiEnv, routed: PreparedRouting | null) => Promise<Outcome<T>>,
    planOf: ((g: LoadedGame, routed: PreparedRouting | null) => Promise<Plan | null>) | null = null,
    routeOf: ((g: LoadedGame) => RoutingRequest | null) | null = null,
  ): Promise<T> {
    const { changed, body } = await runChatTurn(this.ctx, {
      owner,
      read: (db) => loadGame(this.ctx, db, owner, managerId, check),
      route: routeOf,
      plan:
        planOf &&
        (async (g, routed) => {
          const plan = await planOf(g, routed);
          return plan && modelPlan(g, plan);
        }),
      run: fn,
    });
    if (changed !== null) await this.notifier.publish(changed);
    return body;
  }

  start(principal: Principal, managerId: number) {
    return this.withGame(
      ownerOf(principal),
      managerId,
      true,
      async (g, ai) => {
        if (g.session) return { changed: null, body: await wholeHistory(g, g.session) };
        const begun = await beginSession(g, ai);
        return { changed: begun.id, body: begun.body };
      },
      async (g) => (g.session ? null : startPlan(g)),
    );
  }

  /** A wait whose deadline has passed goes on at its trigger's timeout path; false when none was due. */
  private timeOut(owner: ChatOwner, managerId: number) {
    return this.withGame(
      owner,
      managerId,
      true,
      async (g, ai) => {
        const plan = timeoutPlan(g);
        const turn = plan && playPlan(g, plan, ai);
        if (!g.session || !plan || turn?.outcome !== 'ok') return { changed: null, body: false };
        await storeTurn(g, g.session.id, g.session.dialogs, turn);
        return { changed: g.session.id, body: true };
      },
      async (g) => timeoutPlan(g),
    );
  }

  async history(principal: Principal, managerId: number) {
    await this.timeOut(ownerOf(principal), managerId);
    return this.withGame(ownerOf(principal), managerId, true, async (g) => {
      if (!g.session) throw notFound(NOT_BEGUN);
      return { changed: null, body: await wholeHistory(g, g.session) };
    });
  }

  /** A new session for the caller (the old one stays as unfinished); its waiters are woken too. */
  async restart(principal: Principal, managerId: number) {
    const old = await this.withGame(
      ownerOf(principal),
      managerId,
      true,
      async (g, ai) => {
        const begun = await beginSession(g, ai);
        return { changed: begun.id, body: { previous: g.session?.id ?? null, body: begun.body } };
      },
      async (g) => startPlan(g),
    );
    if (old.previous !== null) await this.notifier.publish(old.previous);
    return old.body;
  }

  /**
   * Consent withdrawn in a public game: the player's data in every dialog of the game is deleted with
   * the game's sessions, and their credentials revoked, as restart_delete's delete does for one dialog.
   * Works on inactive dialogs too, and again when nothing is left; credentials of dialogs outside the
   * game answer live_not_registered and end nothing.
   */
  async deletePlayer(principal: Principal, managerId: number) {
    if (principal.kind !== 'live') throw forbidden(ONLY_PARTICIPANTS_DELETE);
    const ended = await runChatTurn(this.ctx, {
      owner: ownerOf(principal),
      read: async (db) => db,
      run: (db) => deleteGamePlayer(db, managerId, principal.id, () => this.ctx.now()),
    });
    // Open long polls of the deleted game (another tab) end instead of waiting for it.
    for (const id of ended) await this.notifier.publish(id);
    return { msg: 'success' as const };
  }

  answer(principal: Principal, body: MultichatAnswerRequest) {
    return this.withGame(
      ownerOf(principal),
      body.dialog_manager_id,
      true,
      async (g, ai, routed) => {
        const { session, dialog, routing, plan } = await answerTurn(this.ctx, g, body, routed);
        const afterId = await lastMessageId(g.db, session.id);
        const turn = playPlan(g, plan, ai);
        if (turn.outcome !== 'ok' && turn.outcome !== 'invalid') throw conflict(NOT_CURRENT_QUESTION_MSG);
        const chatSession = (await storeTurn(g, session.id, session.dialogs, turn)).get(dialog.id);
        if (chatSession) {
          await routing.afterTurn(g.db, { sessionId: chatSession.id, surveyId: dialog.id, now: g.now });
        }
        return {
          changed: session.id,
          body: await response(g, session.id, turn.state, turn.chats, afterId),
        };
      },
      async (g, routed) => (await answerTurn(this.ctx, g, body, routed)).plan,
      (g) => answerRoute(g, body),
    );
  }

  /**
   * Long poll: the messages after afterId at once when there are any, else as soon as an event of the
   * session arrives (read anew from the database), else none after waitMs.
   */
  async wait(principal: Principal, managerId: number, afterId: number, waitMs = WAIT_SECONDS * 1000) {
    const owner = ownerOf(principal);
    const read = () =>
      this.withGame(owner, managerId, true, async (g) => {
        if (!g.session) throw notFound(NOT_BEGUN);
        const { id, state } = g.session;
        const due = timedOut(state, g.now);
        // How long until a wait's deadline passes: the poll wakes then to go on without the call.
        const untilDeadline =
          state.deadline === undefined ? Number.POSITIVE_INFINITY : state.deadline - g.now;
        return {
          changed: null,
          body: {
            id,
            due,
            untilDeadline,
            body: await response(g, id, state, chatsOf(g.session.dialogs), afterId),
          },
        };
      });
    const end = performance.now() + waitMs;
    let snapshot = await read();
    let timedOutOnce = false;
    while (snapshot.body.messages.length === 0 && !snapshot.body.finished) {
      if (snapshot.due && !timedOutOnce) {
        timedOutOnce = true;
        await this.timeOut(owner, managerId);
        snapshot = await read();
        continue;
      }
      const untilDeadline = snapshot.due
        ? Number.POSITIVE_INFINITY
        : Math.max(snapshot.untilDeadline, 0) + 20;
      const left = Math.min(end - performance.now(), untilDeadline);
      if (end - performance.now() <= 0 || this.notifier.released()) break;
      // Subscribed before reading again, so an event between the two reads is not missed.
      const wake = this.notifier.subscribe(snapshot.id, left);
      const again = await read();
      if (again.body.messages.length > 0 || again.id !== snapshot.id) {
        wake.cancel();
        snapshot = again;
        break;
      }
      await wake.done;
      snapshot = await read();
    }
    return snapshot.body;
  }

  /** POST /api/trigger_api/{id}: an external system releases a chat that waits for this waitAPI trigger. */
  async release(triggerId: number, secret: string | undefined, body: TriggerApiRequest) {
    const trigger = await findTrigger(this.ctx.db, triggerId);
    const parsed = trigger ? parseTrigger(trigger.trigger) : undefined;
    if (!trigger || !parsed?.ok || parsed.trigger.type !== 'waitAPI') throw notFound(TRIGGER_NOT_FOUND);
    if (
      !trigger.secret_hash ||
      secret === undefined ||
      !sameHash(hashOpaqueToken(secret), trigger.secret_hash)
    ) {
      throw unauthorized(WRONG_SECRET);
    }
    let owner: ChatOwner;
    if (body.username_live !== undefined) {
      const participant = await findParticipantByName(this.ctx.db, body.username_live);
      if (!participant) throw notFound(NO_WAITING_CHAT);
      owner = { mode: 'live', participantId: participant.id };
    } else {
      owner = { mode: 'test', userId: body.user_id! };
    }
    return this.withGame(
      owner,
      trigger.dialog_manager_id,
      false,
      async (g, ai) => {
        const { session, plan } = releaseTurn(g, triggerId);
        const turn = playPlan(g, plan, ai);
        if (turn.outcome !== 'ok') throw conflict(NOT_WAITING_MSG);
        await storeTurn(g, session.id, session.dialogs, turn);
        return { changed: session.id, body: { msg: 'success' as const } };
      },
      async (g) => releaseTurn(g, triggerId).plan,
    );
  }
}
