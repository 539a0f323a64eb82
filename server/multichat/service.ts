import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOT_CURRENT_QUESTION_MSG } from '../../contract/chat.ts';
import {
  type MultichatAnswerRequest,
  type MultichatTurnResponse,
  NOT_WAITING_MSG,
  type TriggerApiRequest,
  WAIT_SECONDS,
} from '../../contract/multichat.ts';
import { parseTrigger } from '../../contract/triggers.ts';
import { authenticate } from '../auth/guard.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { type AiEnv, fetchGameAiReplies } from '../chat/ai-turn.ts';
import { chatDialog } from '../chat/dialog-cache.ts';
import type { ChatState } from '../chat/engine.ts';
import {
  type ChatOwner,
  deleteParticipantData,
  insertSession,
  isRegisteredAnywhere,
  lockOwner,
  writeTurn,
} from '../chat/queries.ts';
import {
  cleanAnswer,
  inactive,
  notRegistered,
  ONLY_PARTICIPANTS_DELETE,
  ownerOf,
  refuseOverlongChat,
} from '../chat/service.ts';
import { readSession, type Session, storedState } from '../chat/session-state.ts';
import { runTurn } from '../chat/turn-runner.ts';
import type { AppContext } from '../context.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { MANAGER_NOT_FOUND } from '../managers/errors.ts';
import { findManager, findTrigger, triggersOf } from '../managers/queries.ts';
import { authorizeDialog } from '../sharing/permissions.ts';
import { trainedRouting } from '../training/router.ts';
import type { Notifier } from './notify.ts';
import {
  currentManagerSession,
  dialogSessions,
  findParticipantByName,
  gameMessages,
  gameSurveys,
  insertManagerSession,
  lastMessageId,
  updateManagerSession,
} from './queries.ts';
import {
  type Game,
  type GameDialog,
  type GameEvent,
  type GameState,
  type GameTrigger,
  type GameTurn,
  gameInput,
  initialGameState,
  playTurn,
} from './rules.ts';

/**
 * The multichat calls (contract/multichat.ts): who may play which game, and one transaction per turn
 * (turn-runner.ts, the owner locked as in the single chat) that reads the game and all its dialogs'
 * sessions, runs the rules (rules.ts) and stores every engine step in the order it ran, so message ids
 * give one order across the dialogs. After the commit the session's waiters are woken (notify.ts).
 */

type Db = AppContext['db'];

const NO_DIALOGS = 'Dieser Dialog-Manager hat keine Dialoge.';
const NOT_BEGUN = 'Für dieses Spiel wurde noch kein Chat begonnen.';
const TRIGGER_NOT_FOUND = 'Trigger nicht gefunden.';
const WRONG_SECRET = 'Das Trigger-Geheimnis fehlt oder ist falsch.';
const NO_WAITING_CHAT = 'Kein Chat dieser Teilnahme wartet auf diesen Trigger.';

const gameStateSchema = z.object({
  active: z.number().int().nullable(),
  done: z.array(z.string()),
  waiting: z.number().int().nullable(),
  finished: z.boolean(),
});

/** A state this version cannot read counts as no session: the game starts anew instead of failing. */
function readGameState(text: string): GameState | undefined {
  try {
    const parsed = gameStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

interface Loaded {
  db: Db;
  owner: ChatOwner;
  managerId: number;
  game: Game;
  /** The caller's current manager session, if any, with its dialogs' sessions by dialog. */
  session: { id: number; state: GameState; dialogs: Map<number, Session> } | undefined;
  now: number;
}

/** The game's triggers whose both ends are connected dialogs; others are left out. */
async function gameTriggers(db: Db, managerId: number, dialogs: readonly GameDialog[]) {
  const byPublicId = new Map(dialogs.map((d) => [d.dialog.survey_id, d.id]));
  const triggers: GameTrigger[] = [];
  for (const row of await triggersOf(db, managerId)) {
    const parsed = parseTrigger(row.trigger);
    const target = parsed.ok ? byPublicId.get(parsed.trigger.survey_id) : undefined;
    if (!parsed.ok || target === undefined || !byPublicId.has(row.survey_id)) continue;
    triggers.push({
      id: row.id,
      type: parsed.trigger.type,
      surveyId: row.internal_id,
      block: row.unique_question_id,
      target: { surveyId: target, block: parsed.trigger.question_id },
      init: row.init_survey === 1,
    });
  }
  return triggers;
}

/**
 * The game and the caller's session, read through db. check: the caller's rights (live: every dialog
 * active and registered; author: 'test' on every dialog); the inbound trigger call has none to check.
 */
async function loadGame(
  ctx: AppContext,
  db: Db,
  owner: ChatOwner,
  managerId: number,
  check: boolean,
): Promise<Loaded> {
  if (!(await findManager(db, managerId))) throw notFound(MANAGER_NOT_FOUND);
  const rows = await gameSurveys(db, managerId, owner.mode === 'live' ? owner.participantId : null);
  if (rows.length === 0) throw notFound(NO_DIALOGS);
  if (check && owner.mode === 'live') {
    if (rows.some((r) => !r.active)) throw inactive();
    if (rows.some((r) => r.registered === null)) throw notRegistered();
  } else if (check && owner.mode === 'test') {
    for (const row of rows) await authorizeDialog({ ...ctx, db }, owner.userId, row.survey_id, 'test');
  }
  const dialogs: GameDialog[] = [];
  for (const row of rows) dialogs.push({ id: row.id, dialog: await chatDialog(ctx, row, db) });
  const game: Game = { dialogs, triggers: await gameTriggers(db, managerId, dialogs) };
  const current = await currentManagerSession(db, managerId, owner);
  const state = current && readGameState(current.state);
  let session: Loaded['session'];
  if (current && state) {
    const sessions = new Map<number, Session>();
    for (const row of await dialogSessions(db, current.id)) {
      const read = readSession(row.id, row.state);
      if (read) sessions.set(row.survey_id, read);
    }
    session = { id: current.id, state, dialogs: sessions };
  }
  return { db, owner, managerId, game, session, now: ctx.now() };
}

const chatsOf = (sessions: ReadonlyMap<number, Session> | undefined) =>
  new Map<number, ChatState>([...(sessions ?? [])].map(([id, s]) => [id, s.chat]));

/**
 * Stores a turn: each engine step in order (a dialog's session is created when it is first reached).
 * Returns the dialogs' sessions after it.
 */
async function storeTurn(g: Loaded, sessionId: number, before: Map<number, Session>, turn: GameTurn) {
  const sessions = new Map(before);
  for (const step of turn.steps) {
    let session = sessions.get(step.surveyId);
    if (!session) {
      const id = await insertSession(
        g.db,
        step.surveyId,
        g.owner,
        storedState(0, { status: 'new', at: null, turn: 0, vars: {} }),
        g.now,
        sessionId,
      );
      session = { id, seq: 0, chat: step.result.state };
    }
    const seq = session.seq + step.result.messages.length;
    await writeTurn(g.db, {
      sessionId: session.id,
      surveyId: step.surveyId,
      mode: g.owner.mode,
      firstSeq: session.seq,
      messages: step.result.messages,
      answers: step.result.answers,
      state: storedState(seq, step.result.state),
      now: g.now,
      finished: step.result.finished,
    });
    sessions.set(step.surveyId, { id: session.id, seq, chat: step.result.state });
  }
  await updateManagerSession(g.db, sessionId, JSON.stringify(turn.state), g.now, turn.state.finished);
  return sessions;
}

async function response(
  g: Loaded,
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

/** A turn to play: the game's state, its dialogs' sessions (none for a new game) and the event. */
interface Plan {
  state: GameState;
  sessions: ReadonlyMap<number, Session>;
  event: GameEvent;
}

const playPlan = (g: Loaded, plan: Plan, ai: AiEnv) =>
  playTurn(g.game, plan.state, chatsOf(plan.sessions), plan.event, ai);

const startPlan = (g: Loaded): Plan => ({
  state: initialGameState(),
  sessions: new Map(),
  event: { kind: 'start', now: g.now },
});

/** A new manager session started with the game's start event; answers with its whole history. */
async function beginSession(g: Loaded, ai: AiEnv) {
  const plan = startPlan(g);
  const id = await insertManagerSession(g.db, g.managerId, g.owner, JSON.stringify(plan.state), g.now);
  const turn = playPlan(g, plan, ai);
  await storeTurn(g, id, new Map(), turn);
  return { id, body: await response(g, id, turn.state, turn.chats, 0) };
}

/** An answer's turn: the dialog it is for and its trained routing; 409 when no chat asks it. */
async function answerTurn(ctx: AppContext, g: Loaded, body: MultichatAnswerRequest) {
  const session = g.session;
  const dialog = g.game.dialogs.find((d) => d.dialog.survey_id === body.survey_id);
  if (!session || !dialog) throw conflict(NOT_CURRENT_QUESTION_MSG);
  refuseOverlongChat(session.dialogs.get(dialog.id));
  const routing = await trainedRouting(ctx, g.db, dialog.id, dialog.dialog.byId.get(body.unique_question_id));
  const plan: Plan = {
    state: session.state,
    sessions: session.dialogs,
    event: {
      kind: 'answer',
      surveyId: dialog.id,
      env: routing.env,
      event: {
        kind: 'answer',
        now: g.now,
        unique_question_id: body.unique_question_id,
        nachfrage_id: body.nachfrage_id,
        turn: body.turn,
        answer: cleanAnswer(body.answer),
      },
    },
  };
  return { session, dialog, routing, plan };
}

/** A release's turn; 404 when the caller has no unfinished session. */
function releaseTurn(g: Loaded, triggerId: number) {
  const session = g.session;
  if (!session || session.state.finished) throw notFound(NO_WAITING_CHAT);
  const plan: Plan = {
    state: session.state,
    sessions: session.dialogs,
    event: { kind: 'release', now: g.now, triggerId },
  };
  return { session, plan };
}

async function wholeHistory(g: Loaded, session: NonNullable<Loaded['session']>) {
  return response(g, session.id, session.state, chatsOf(session.dialogs), 0);
}

export class MultichatService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: Notifier,
  ) {}

  /** Runs fn in one transaction with the caller's game locked; wakes the session's waiters after it. */
  private async withGame<T>(
    owner: ChatOwner,
    managerId: number,
    check: boolean,
    fn: (g: Loaded) => Promise<{ changed: number | null; body: T }>,
  ): Promise<T> {
    const { changed, body } = await runTurn(this.ctx, async (db) => {
      await lockOwner(db, this.ctx.dbKind, owner);
      return fn(await loadGame(this.ctx, db, owner, managerId, check));
    });
    if (changed !== null) await this.notifier.publish(changed);
    return body;
  }

  /**
   * The language model's replies for the turn that planOf describes on the game as it is now, fetched
   * before the turn's transaction, as in the single chat (chat/ai-turn.ts): a request can come from any
   * of the game's dialogs. Without a configured model nothing is read or sent.
   */
  private async aiReplies(
    owner: ChatOwner,
    managerId: number,
    check: boolean,
    planOf: (g: Loaded) => Promise<Plan | null>,
  ): Promise<AiEnv> {
    if (this.ctx.llm === null) return {};
    const g = await loadGame(this.ctx, this.ctx.db, owner, managerId, check);
    const plan = await planOf(g);
    if (!plan) return {};
    const owners = g.game.dialogs.map((d) => ({
      dialog: d.dialog,
      surveyId: d.id,
      sessionId: plan.sessions.get(d.id)?.id ?? null,
    }));
    return fetchGameAiReplies(this.ctx, owners, (ai) => playPlan(g, plan, ai));
  }

  async start(request: FastifyRequest, managerId: number) {
    const owner = ownerOf(await authenticate(this.ctx, request));
    const ai = await this.aiReplies(owner, managerId, true, async (g) => (g.session ? null : startPlan(g)));
    return this.withGame(owner, managerId, true, async (g) => {
      if (g.session) return { changed: null, body: await wholeHistory(g, g.session) };
      const begun = await beginSession(g, ai);
      return { changed: begun.id, body: begun.body };
    });
  }

  async history(request: FastifyRequest, managerId: number) {
    const owner = ownerOf(await authenticate(this.ctx, request));
    return this.withGame(owner, managerId, true, async (g) => {
      if (!g.session) throw notFound(NOT_BEGUN);
      return { changed: null, body: await wholeHistory(g, g.session) };
    });
  }

  /** A new session for the caller (the old one stays as unfinished); its waiters are woken too. */
  async restart(request: FastifyRequest, managerId: number) {
    const owner = ownerOf(await authenticate(this.ctx, request));
    const ai = await this.aiReplies(owner, managerId, true, async (g) => startPlan(g));
    const old = await this.withGame(owner, managerId, true, async (g) => {
      const begun = await beginSession(g, ai);
      return { changed: begun.id, body: { previous: g.session?.id ?? null, body: begun.body } };
    });
    if (old.previous !== null) await this.notifier.publish(old.previous);
    return old.body;
  }

  /**
   * Consent withdrawn in a public game: the player's data in every dialog of the game is deleted with
   * the game's sessions, and their credentials revoked, as restart_delete's delete does for one dialog.
   * Works on inactive dialogs too, and again when nothing is left; credentials of dialogs outside the
   * game answer live_not_registered and end nothing.
   */
  async deletePlayer(request: FastifyRequest, managerId: number) {
    const principal = await authenticate(this.ctx, request);
    if (principal.kind !== 'live') throw forbidden(ONLY_PARTICIPANTS_DELETE);
    const ended = await runTurn(this.ctx, async (db) => {
      await lockOwner(db, this.ctx.dbKind, ownerOf(principal));
      if (!(await findManager(db, managerId))) throw notFound(MANAGER_NOT_FOUND);
      const registered = (await gameSurveys(db, managerId, principal.id)).filter(
        (r) => r.registered !== null,
      );
      const sessions = await db
        .selectFrom('manager_sessions')
        .select('id')
        .where('dialog_manager_id', '=', managerId)
        .where('participant_id', '=', principal.id)
        .execute();
      if (registered.length === 0 && sessions.length === 0) {
        if (await isRegisteredAnywhere(db, principal.id)) throw notRegistered();
        return [];
      }
      for (const row of registered) await deleteParticipantData(db, principal.id, row.id, this.ctx.now());
      await db
        .deleteFrom('manager_sessions')
        .where('dialog_manager_id', '=', managerId)
        .where('participant_id', '=', principal.id)
        .execute();
      return sessions.map((s) => s.id);
    });
    // Open long polls of the deleted game (another tab) end instead of waiting for it.
    for (const id of ended) await this.notifier.publish(id);
    return { msg: 'success' as const };
  }

  async answer(request: FastifyRequest, body: MultichatAnswerRequest) {
    const owner = ownerOf(await authenticate(this.ctx, request));
    const managerId = body.dialog_manager_id;
    const ai = await this.aiReplies(
      owner,
      managerId,
      true,
      async (g) => (await answerTurn(this.ctx, g, body)).plan,
    );
    return this.withGame(owner, managerId, true, async (g) => {
      const { session, dialog, routing, plan } = await answerTurn(this.ctx, g, body);
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
    });
  }

  /**
   * Long poll: the messages after afterId at once when there are any, else as soon as an event of the
   * session arrives (read anew from the database), else none after waitMs.
   */
  async wait(request: FastifyRequest, managerId: number, afterId: number, waitMs = WAIT_SECONDS * 1000) {
    const owner = ownerOf(await authenticate(this.ctx, request));
    const read = () =>
      this.withGame(owner, managerId, true, async (g) => {
        if (!g.session) throw notFound(NOT_BEGUN);
        const { id, state } = g.session;
        return {
          changed: null,
          body: { id, body: await response(g, id, state, chatsOf(g.session.dialogs), afterId) },
        };
      });
    const end = performance.now() + waitMs;
    let snapshot = await read();
    while (snapshot.body.messages.length === 0 && !snapshot.body.finished) {
      const left = end - performance.now();
      if (left <= 0 || this.notifier.released()) break;
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
    const managerId = trigger.dialog_manager_id;
    const ai = await this.aiReplies(owner, managerId, false, async (g) => releaseTurn(g, triggerId).plan);
    return this.withGame(owner, managerId, false, async (g) => {
      const { session, plan } = releaseTurn(g, triggerId);
      const turn = playPlan(g, plan, ai);
      if (turn.outcome !== 'ok') throw conflict(NOT_WAITING_MSG);
      await storeTurn(g, session.id, session.dialogs, turn);
      return { changed: session.id, body: { msg: 'success' as const } };
    });
  }
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
