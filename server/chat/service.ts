import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type ChatAnswerRequest,
  type ChatTurnResponse,
  type ClientConfig,
  LIVE_NOT_REGISTERED_TITLE,
  NOT_CURRENT_QUESTION_MSG,
  type SurveyLanguageResponse,
} from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { authenticate } from '../auth/guard.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject, settingsFromRow } from '../dialogs/rows.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { authorizeDialog, DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { type ChatSurvey, chatDialog } from './dialog-cache.ts';
import {
  type AnswerValue,
  type ChatEvent,
  type ChatState,
  initialState,
  inputFor,
  type PreparedDialog,
  runChat,
} from './engine.ts';
import {
  type ChatOwner,
  currentSession,
  deleteParticipantData,
  findLiveChatSurvey,
  findPublicSurvey,
  insertSession,
  listMessages,
  lockChat,
  writeTurn,
} from './queries.ts';
import { navBarFragments } from './texts.ts';

/**
 * The chat calls: who may chat on which dialog, and one stored transaction per turn. The engine decides
 * what happens; this stores it before the response is sent, so an acknowledged answer is never lost.
 */

export interface ChatAccess {
  owner: ChatOwner;
  survey: ChatSurvey;
}

const inactive = () => new ApiError(403, ERROR_TITLES.dialogInactive, MESSAGES.dialogEnded);
const notRegistered = () =>
  new ApiError(
    403,
    LIVE_NOT_REGISTERED_TITLE,
    'Diese Zugangsdaten gelten nicht für diesen Dialog. Bitte den Dialog neu laden.',
  );

/**
 * A live token chats as its participant on a live (active) dialog it was registered for; an author token
 * runs the assessment chat, which needs the 'test' capability and works whether the dialog is live or not.
 */
async function accessFor(ctx: AppContext, principal: Principal, surveyId: string): Promise<ChatAccess> {
  if (principal.kind === 'author') {
    const { survey } = await authorizeDialog(ctx, principal.id, surveyId, 'test');
    return { owner: { mode: 'test', userId: principal.id }, survey };
  }
  const survey = await findLiveChatSurvey(ctx.db, surveyId, principal.id);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  if (!survey.active) throw inactive();
  if (survey.registered === null) throw notRegistered();
  return { owner: { mode: 'live', participantId: principal.id }, survey };
}

export async function chatAccess(ctx: AppContext, request: FastifyRequest, surveyId: string) {
  return accessFor(ctx, await authenticate(ctx, request), surveyId);
}

/** What chat_sessions.state holds: the engine's state and the number of stored entries. */
const storedStateSchema = z.object({
  seq: z.number().int().min(0),
  chat: z.object({
    status: z.enum(['new', 'waiting', 'finished']),
    at: z
      .union([
        z.object({ id: z.string(), phase: z.literal('question') }),
        z.object({ id: z.string(), phase: z.literal('nachfrage'), then: z.string().nullable() }),
      ])
      .nullable(),
    turn: z.number().int().min(0),
    vars: z.record(z.string(), z.string()),
  }),
});
type StoredState = { seq: number; chat: ChatState };

/** A state this version cannot read counts as no session: the chat starts anew instead of failing. */
function readState(text: string): StoredState | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = storedStateSchema.safeParse(value);
  return parsed.success ? (parsed.data as StoredState) : null;
}

async function loadSession(db: AppContext['db'], access: ChatAccess) {
  const row = await currentSession(db, access.survey.id, access.owner);
  const stored = row ? readState(row.state) : null;
  return row && stored ? { id: row.id, ...stored } : undefined;
}

/** Runs an event on a new session and stores it; returns the session's whole history. */
async function startSession(
  db: AppContext['db'],
  access: ChatAccess,
  dialog: PreparedDialog,
  event: Extract<ChatEvent, { kind: 'start' | 'restart' }>,
): Promise<ChatTurnResponse> {
  const res = runChat(dialog, initialState(), event);
  const state = JSON.stringify({ seq: res.messages.length, chat: res.state });
  const sessionId = await insertSession(db, access.survey.id, access.owner, state, event.now);
  await writeTurn(db, {
    sessionId,
    surveyId: access.survey.id,
    firstSeq: 0,
    messages: res.messages,
    answers: res.answers,
    state,
    now: event.now,
    finished: res.finished,
  });
  return { messages: res.messages, input: res.input, finished: res.finished };
}

function inTurn<T>(ctx: AppContext, access: ChatAccess, fn: (db: AppContext['db']) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (db) => {
    await lockChat(db, ctx.dbKind, access.survey.id, access.owner);
    return fn(db);
  });
}

/** POST /api/chat/start: begins the chat, or, when it has begun, returns it as it is (reload, double click). */
export async function startChat(ctx: AppContext, access: ChatAccess): Promise<ChatTurnResponse> {
  const dialog = await chatDialog(ctx.db, access.survey);
  return inTurn(ctx, access, async (db) => {
    const session = await loadSession(db, access);
    if (!session) return startSession(db, access, dialog, { kind: 'start', now: ctx.now() });
    return {
      messages: await listMessages(db, session.id),
      input: inputFor(dialog, session.chat),
      finished: session.chat.status === 'finished',
    };
  });
}

/** POST /api/chat/history: the stored history and the current input, to resume after a reload. */
export async function chatHistory(ctx: AppContext, access: ChatAccess): Promise<ChatTurnResponse> {
  const session = await loadSession(ctx.db, access);
  if (!session) throw notFound('Für diesen Dialog wurde noch kein Chat begonnen.');
  const dialog = await chatDialog(ctx.db, access.survey);
  return {
    messages: await listMessages(ctx.db, session.id),
    input: inputFor(dialog, session.chat),
    finished: session.chat.status === 'finished',
  };
}

/**
 * Text the databases can store as sent: lone surrogates would come back as U+FFFD (so the history would
 * differ from the answer), and PostgreSQL refuses NUL characters in text.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (text: string) => text.replace(LONE_SURROGATE, '\ufffd').replaceAll('\u0000', '');

function cleanAnswer(answer: ChatAnswerRequest['answer']): AnswerValue {
  if (typeof answer === 'string') return storable(answer);
  return typeof answer === 'number' ? answer : answer.map(storable);
}

/** POST /api/chat/answer: one turn; 409 when the answer is not for the current question. */
export async function answerChat(
  ctx: AppContext,
  access: ChatAccess,
  body: ChatAnswerRequest,
): Promise<ChatTurnResponse> {
  const dialog = await chatDialog(ctx.db, access.survey);
  return inTurn(ctx, access, async (db) => {
    const session = await loadSession(db, access);
    if (!session) throw conflict(NOT_CURRENT_QUESTION_MSG);
    const now = ctx.now();
    const res = runChat(dialog, session.chat, {
      kind: 'answer',
      now,
      unique_question_id: body.unique_question_id,
      nachfrage_id: body.nachfrage_id,
      turn: body.turn,
      answer: cleanAnswer(body.answer),
    });
    if (res.outcome === 'stale') throw conflict(NOT_CURRENT_QUESTION_MSG);
    const state = JSON.stringify({ seq: session.seq + res.messages.length, chat: res.state });
    await writeTurn(db, {
      sessionId: session.id,
      surveyId: access.survey.id,
      firstSeq: session.seq,
      messages: res.messages,
      answers: res.answers,
      state,
      now,
      finished: res.finished,
    });
    return { messages: res.messages, input: res.input, finished: res.finished };
  });
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
  if (body.action === 'delete') {
    if (principal.kind !== 'live') throw forbidden('Nur Teilnehmende können ihre Antworten löschen.');
    const survey = await findPublicSurvey(ctx.db, body.survey_id);
    if (!survey) throw notFound(DIALOG_NOT_FOUND);
    const owner: ChatOwner = { mode: 'live', participantId: principal.id };
    await ctx.db.transaction().execute(async (db) => {
      await lockChat(db, ctx.dbKind, survey.id, owner);
      await deleteParticipantData(db, principal.id, survey.id, ctx.now());
    });
    return { msg: 'success' as const };
  }
  const access = await accessFor(ctx, principal, body.survey_id);
  const dialog = await chatDialog(ctx.db, access.survey);
  await inTurn(ctx, access, (db) => startSession(db, access, dialog, { kind: 'restart', now: ctx.now() }));
  return { msg: 'success' as const };
}

async function publicSurvey(ctx: AppContext, surveyId: string) {
  const survey = await findPublicSurvey(ctx.db, surveyId);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  return survey;
}

/**
 * GET /api/get_config: the look of a dialog's chat (SPEC §3 client config), public and also for inactive
 * dialogs, so the chat can show the inactive notice in the dialog's look. feedback_allowed and
 * training_mode are read from the stored settings when set there, and are false otherwise.
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
    training_mode: stored.training_mode === true,
  };
}

/** POST /api/get_survey_language: the live top bar's texts in the dialog's language and form of address. */
export async function surveyLanguage(ctx: AppContext, surveyId: string): Promise<SurveyLanguageResponse> {
  const survey = await publicSurvey(ctx, surveyId);
  const { language, du_sie } = settingsFromRow(survey);
  return {
    nav_bar_information: { navar_language_fragments: navBarFragments(language, du_sie), language },
  };
}
