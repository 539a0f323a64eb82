import type { FastifyRequest } from 'fastify';
import {
  CHAT_TOO_LONG_MSG,
  type ChatAnswerRequest,
  type ChatTurnResponse,
  type ClientConfig,
  LIVE_NOT_REGISTERED_TITLE,
  MAX_CHAT_MESSAGES,
  NOT_CURRENT_QUESTION_MSG,
  type SurveyLanguageResponse,
} from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { authenticate } from '../auth/guard.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { settingsFromRow } from '../dialogs/rows.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { authorizeDialog, DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { trainedRouting } from '../training/router.ts';
import { fetchAiReplies, type PlannedTurn } from './ai-turn.ts';
import { type ChatSurvey, chatDialog } from './dialog-cache.ts';
import {
  type AnswerValue,
  type ChatEvent,
  type EngineEnv,
  initialState,
  inputFor,
  type PreparedDialog,
  runChat,
} from './engine.ts';
import {
  type ChatOwner,
  currentTestSession,
  deleteParticipantData,
  findLiveChat,
  findPublicSurvey,
  insertSession,
  isRegisteredAnywhere,
  listMessages,
  lockOwner,
  writeTurn,
} from './queries.ts';
import { readSession, type Session } from './session-state.ts';
import { navBarFragments } from './texts.ts';
import { runTurn } from './turn-runner.ts';

/**
 * The chat calls: who may chat on which dialog, and one transaction per turn (turn-runner.ts) that reads
 * the session, runs the engine and stores what it produced before the response is sent, so an
 * acknowledged answer is never lost and a reloaded page resumes where it was.
 */

type Db = AppContext['db'];

/** One chat of one caller on one dialog, as read inside the turn's transaction. */
interface Chat {
  db: Db;
  owner: ChatOwner;
  survey: ChatSurvey;
  dialog: PreparedDialog;
  session: Session | undefined;
  now: number;
}

export const inactive = () => new ApiError(403, ERROR_TITLES.dialogInactive, MESSAGES.dialogEnded);
export const ONLY_PARTICIPANTS_DELETE = 'Nur Teilnehmende können ihre Antworten löschen.';

export const notRegistered = () =>
  new ApiError(
    403,
    LIVE_NOT_REGISTERED_TITLE,
    'Diese Zugangsdaten gelten nicht für diesen Dialog. Bitte den Dialog neu laden.',
  );

export const ownerOf = (principal: Principal): ChatOwner =>
  principal.kind === 'live'
    ? { mode: 'live', participantId: principal.id }
    : { mode: 'test', userId: principal.id };

/**
 * The caller's chat, read through db. A live token chats as its participant on a live (active) dialog it
 * was registered for; an author token runs the assessment chat, which needs the 'test' capability and
 * works whether the dialog is live or not.
 */
async function readChat(ctx: AppContext, db: Db, owner: ChatOwner, surveyId: string): Promise<Chat> {
  let survey: ChatSurvey;
  let session: Session | undefined;
  if (owner.mode === 'live') {
    const row = await findLiveChat(db, surveyId, owner.participantId);
    if (!row) throw notFound(DIALOG_NOT_FOUND);
    if (!row.active) throw inactive();
    if (row.registered === null) throw notRegistered();
    survey = row;
    session = readSession(row.session_id, row.session_state);
  } else {
    survey = (await authorizeDialog({ ...ctx, db }, owner.userId, surveyId, 'test')).survey;
    const row = await currentTestSession(db, survey.id, owner.userId);
    session = row && readSession(row.id, row.state);
  }
  const dialog = await chatDialog(ctx, survey, db);
  return { db, owner, survey, dialog, session, now: ctx.now() };
}

/** Runs fn in one transaction with the caller's chat (readChat). */
async function withChat<T>(
  ctx: AppContext,
  principal: Principal,
  surveyId: string,
  fn: (chat: Chat) => Promise<T>,
): Promise<T> {
  const owner = ownerOf(principal);
  return runTurn(ctx, async (db) => {
    await lockOwner(db, ctx.dbKind, owner);
    return fn(await readChat(ctx, db, owner, surveyId));
  });
}

/**
 * The language model's replies for the turn that plan describes on the chat as it is now, fetched
 * before the turn's transaction (ai-turn.ts). Without a configured model nothing is read or sent.
 */
async function aiReplies(
  ctx: AppContext,
  principal: Principal,
  surveyId: string,
  plan: (chat: Chat) => Promise<Omit<PlannedTurn, 'dialog' | 'surveyId'> | null>,
): Promise<EngineEnv> {
  if (ctx.llm === null) return {};
  const chat = await readChat(ctx, ctx.db, ownerOf(principal), surveyId);
  if (!chat.dialog.usesLlm) return {};
  const turn = await plan(chat);
  return turn ? fetchAiReplies(ctx, { dialog: chat.dialog, surveyId: chat.survey.id, ...turn }) : {};
}

const newSession = (event: Extract<ChatEvent, { kind: 'start' | 'restart' }>) => ({
  sessionId: null,
  state: initialState(),
  event,
  env: {},
});

/** Runs an event on a new session and stores it; returns the session's whole history. */
async function startSession(
  chat: Chat,
  event: Extract<ChatEvent, { kind: 'start' | 'restart' }>,
  env: EngineEnv,
) {
  const res = runChat(chat.dialog, initialState(), event, env);
  const state = JSON.stringify({ seq: res.messages.length, chat: res.state });
  const sessionId = await insertSession(chat.db, chat.survey.id, chat.owner, state, chat.now);
  await writeTurn(chat.db, {
    sessionId,
    surveyId: chat.survey.id,
    mode: chat.owner.mode,
    firstSeq: 0,
    messages: res.messages,
    answers: res.answers,
    state,
    now: chat.now,
    finished: res.finished,
  });
  return { messages: res.messages, input: res.input, finished: res.finished };
}

async function wholeHistory(chat: Chat, session: Session): Promise<ChatTurnResponse> {
  return {
    messages: await listMessages(chat.db, session.id),
    input: inputFor(chat.dialog, session.chat),
    finished: session.chat.status === 'finished',
  };
}

/** POST /api/chat/start: begins the chat, or, when it has begun, returns it as it is (reload, double click). */
export async function startChat(ctx: AppContext, request: FastifyRequest, surveyId: string) {
  const principal = await authenticate(ctx, request);
  const ai = await aiReplies(ctx, principal, surveyId, async (chat) =>
    chat.session ? null : newSession({ kind: 'start', now: chat.now }),
  );
  return withChat(ctx, principal, surveyId, (chat) =>
    chat.session
      ? wholeHistory(chat, chat.session)
      : startSession(chat, { kind: 'start', now: chat.now }, ai),
  );
}

/** POST /api/chat/history: the stored history and the current input, to resume after a reload. */
export async function chatHistory(ctx: AppContext, request: FastifyRequest, surveyId: string) {
  const principal = await authenticate(ctx, request);
  return withChat(ctx, principal, surveyId, (chat) => {
    if (!chat.session) throw notFound('Für diesen Dialog wurde noch kein Chat begonnen.');
    return wholeHistory(chat, chat.session);
  });
}

/**
 * Text the databases can store as sent: lone surrogates would come back as U+FFFD (so the history would
 * differ from the answer), and PostgreSQL refuses NUL characters in text.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (text: string) => text.replace(LONE_SURROGATE, '\ufffd').replaceAll('\u0000', '');

export function cleanAnswer(answer: ChatAnswerRequest['answer']): AnswerValue {
  if (typeof answer === 'string') return storable(answer);
  return typeof answer === 'number' ? answer : answer.map(storable);
}

/** Answers go into a chat only while it is below MAX_CHAT_MESSAGES (a 429 leaves it as it was). */
export function refuseOverlongChat(session: Session | undefined): void {
  if (session && session.seq >= MAX_CHAT_MESSAGES) {
    throw new ApiError(429, ERROR_TITLES.chatTooLong, CHAT_TOO_LONG_MSG);
  }
}

const answerEvent = (body: ChatAnswerRequest, now: number): ChatEvent => ({
  kind: 'answer',
  now,
  unique_question_id: body.unique_question_id,
  nachfrage_id: body.nachfrage_id,
  turn: body.turn,
  answer: cleanAnswer(body.answer),
});

/** A free-text block with a trained model routes by it (training issue); others by label matching. */
const routingFor = (ctx: AppContext, chat: Chat, body: ChatAnswerRequest) =>
  trainedRouting(ctx, chat.db, chat.survey.id, chat.dialog.byId.get(body.unique_question_id));

/** POST /api/chat/answer: one turn; 409 when the answer is not for the current question. */
export async function answerChat(ctx: AppContext, request: FastifyRequest, body: ChatAnswerRequest) {
  const principal = await authenticate(ctx, request);
  const ai = await aiReplies(ctx, principal, body.survey_id, async (chat) =>
    chat.session
      ? {
          sessionId: chat.session.id,
          state: chat.session.chat,
          event: answerEvent(body, chat.now),
          env: (await routingFor(ctx, chat, body)).env,
        }
      : null,
  );
  return withChat(ctx, principal, body.survey_id, async (chat): Promise<ChatTurnResponse> => {
    const session = chat.session;
    if (!session) throw conflict(NOT_CURRENT_QUESTION_MSG);
    refuseOverlongChat(session);
    const routing = await routingFor(ctx, chat, body);
    const res = runChat(chat.dialog, session.chat, answerEvent(body, chat.now), { ...routing.env, ...ai });
    if (res.outcome === 'stale') throw conflict(NOT_CURRENT_QUESTION_MSG);
    await writeTurn(chat.db, {
      sessionId: session.id,
      surveyId: chat.survey.id,
      mode: chat.owner.mode,
      firstSeq: session.seq,
      messages: res.messages,
      answers: res.answers,
      state: JSON.stringify({ seq: session.seq + res.messages.length, chat: res.state }),
      now: chat.now,
      finished: res.finished,
    });
    await routing.afterTurn(chat.db, { sessionId: session.id, surveyId: chat.survey.id, now: chat.now });
    return { messages: res.messages, input: res.input, finished: res.finished };
  });
}

/**
 * A session left by a restart before anything was answered is dropped rather than kept as unfinished:
 * it is the same respondent, and scripted restarts must not inflate 'started' in Analyse. A finished
 * session (a dialog without questions) stays.
 */
async function dropIfUnanswered(db: Db, session: Session) {
  if (session.chat.status === 'finished') return;
  const answered = await db
    .selectFrom('answers')
    .select('id')
    .where('session_id', '=', session.id)
    .limit(1)
    .executeTakeFirst();
  if (!answered) await db.deleteFrom('chat_sessions').where('id', '=', session.id).execute();
}

/**
 * POST /api/restart_delete. restart: a fresh session for the caller (the old one stays in analytics as
 * unfinished). delete: a live participant's data of this dialog is removed and their refresh tokens
 * revoked; it works on inactive dialogs too, and again when nothing is left.
 */
export async function restartOrDelete(
  ctx: AppContext,
  request: FastifyRequest,
  body: { survey_id: string; action: 'restart' | 'delete'; live: boolean },
) {
  const principal = await authenticate(ctx, request);
  if (body.live !== (principal.kind === 'live')) {
    throw badRequest(
      body.live
        ? 'live: true verlangt die Zugangsdaten einer Teilnahme (live token).'
        : 'live: false verlangt die Anmeldung einer Autorin oder eines Autors.',
    );
  }
  if (body.action === 'restart') {
    const ai = await aiReplies(ctx, principal, body.survey_id, async (chat) =>
      newSession({ kind: 'restart', now: chat.now }),
    );
    await withChat(ctx, principal, body.survey_id, async (chat) => {
      if (chat.session) await dropIfUnanswered(chat.db, chat.session);
      return startSession(chat, { kind: 'restart', now: chat.now }, ai);
    });
    return { msg: 'success' as const };
  }
  if (principal.kind !== 'live') throw forbidden(ONLY_PARTICIPANTS_DELETE);
  const survey = await findLiveChat(ctx.db, body.survey_id, principal.id);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  await runTurn(ctx, async (db) => {
    await lockOwner(db, ctx.dbKind, ownerOf(principal));
    if (survey.registered === null) {
      // Deleting twice is harmless; credentials of another dialog must not end that dialog's session.
      if (await isRegisteredAnywhere(db, principal.id)) throw notRegistered();
      return;
    }
    await deleteParticipantData(db, principal.id, survey.id, ctx.now());
  });
  return { msg: 'success' as const };
}

async function publicSurvey(ctx: AppContext, surveyId: string) {
  const survey = await findPublicSurvey(ctx.db, surveyId);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  return survey;
}

/**
 * GET /api/get_config: the look of a dialog's chat (SPEC §3 client config), public and also for inactive
 * dialogs, so the chat can show the inactive notice in the dialog's look (active tells) before it asks
 * for consent. training_mode: the dialog's
 * Trainieren module is on, so the assessment chat lets authors mark wrongly routed answers for it;
 * feedback_allowed: set in the stored settings (false unless set there).
 */
export async function clientConfig(ctx: AppContext, surveyId: string): Promise<ClientConfig> {
  const survey = await publicSurvey(ctx, surveyId);
  const s = settingsFromRow(survey);
  const stored = parseJsonObject(survey.settings);
  return {
    config: {
      accent_color: s.accent_color,
      logo_src: s.logo_src,
      avatar_src: s.avatar_src,
      avatar_name: s.avatar_name,
      video_messages: s.video_messages,
      audio_messages: s.audio_messages,
      background_image: s.background_link,
    },
    survey_id: survey.survey_id,
    survey_id_int: survey.id,
    survey_name: survey.survey_name,
    messenger_ui: s.messenger,
    avatar_name: s.avatar_name,
    background_link: s.background_link,
    speed: s.speed,
    feedback_allowed: stored.feedback_allowed === true,
    training_mode: survey.intrance === 1,
    active: Boolean(survey.active),
  };
}

/** POST /api/get_survey_language: the live top bar's texts in the dialog's language and form of address. */
export async function surveyLanguage(ctx: AppContext, surveyId: string): Promise<SurveyLanguageResponse> {
  const survey = await publicSurvey(ctx, surveyId);
  const { language, du_sie } = settingsFromRow(survey);
  return {
    nav_bar_information: { navar_language_fragments: navBarFragments(language, du_sie), language, du_sie },
  };
}
