import {
  type ChatAnswerRequest,
  type ChatTurnResponse,
  NOT_CURRENT_QUESTION_MSG,
  type RestartDeleteRequest,
} from '../../contract/chat.ts';
import type { TestVersion } from '../../contract/versions.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { acceptHiddenValues, sessionHiddenValues } from '../hidden-fields/service.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { authorizeDialog, DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { type PreparedRouting, trainedRouting } from '../training/router.ts';
import type { RoutingRequest } from '../training/semantic-routing.ts';
import { type ChatSurvey, liveVersion, sessionVersion, workingVersion } from '../versions/cache.ts';
import type { PlayableVersion } from '../versions/content.ts';
import { deleteParticipant } from './delete-participant.ts';
import { endRedirect } from './end-redirect.ts';
import { inputFor } from './engine/input.ts';
import { runChat } from './engine/run-chat.ts';
import {
  type ChatEvent,
  type ChatState,
  type EngineEnv,
  initialState,
  type PreparedDialog,
} from './engine/types.ts';
import {
  inactive,
  LIVE_NEEDS_LIVE_TOKEN,
  NO_CHAT_BEGUN,
  NO_VERSION_CHOICE_LIVE,
  notRegistered,
  TEST_NEEDS_AUTHOR,
} from './errors.ts';
import {
  type ChatOwner,
  currentTestSession,
  deleteSession,
  findLiveChat,
  listMessages,
  sessionHasAnswers,
} from './queries.ts';
import { quotaStep } from './quota-turn.ts';
import { readSession, type Session } from './session-state.ts';
import {
  answerEvent,
  answerToRoute,
  type ModelPlan,
  ownerOf,
  refuseOverlongChat,
  runChatTurn,
  storeStep,
} from './turn-pipeline.ts';

/**
 * The chat calls: who may chat on which dialog, and each turn through the turn pipeline
 * (turn-pipeline.ts): the model's replies fetched first, then one transaction that reads the session,
 * runs the engine and stores what it produced before the response is sent, so an acknowledged answer is
 * never lost and a reloaded page resumes where it was.
 */

type Db = AppContext['db'];

/**
 * One chat of one caller on one dialog, as read inside the turn's transaction. version: the dialog's
 * version the session plays (server/versions), or for a caller without a session the one a new chat gets;
 * dialog: that version's.
 */
interface Chat {
  db: Db;
  owner: ChatOwner;
  survey: ChatSurvey;
  version: PlayableVersion;
  dialog: PreparedDialog;
  session: Session | undefined;
  /** The version a new session of this caller gets (a restart's); test: which one the author chose. */
  want: TestVersion | undefined;
  now: number;
}

/**
 * The version a new chat gets: a respondent's is the live one; the assessment chat tests the working
 * copy ('draft', the default) or what respondents get ('published').
 */
function newChatVersion(ctx: AppContext, db: Db, survey: ChatSurvey, owner: ChatOwner, want?: TestVersion) {
  if (owner.mode === 'live' || want === 'published') return liveVersion(ctx, db, survey);
  return workingVersion(ctx, db, survey, owner.userId);
}

/**
 * The caller's chat, read through db. A live token chats as its participant on a live (active) dialog it
 * was registered for; an author token runs the assessment chat, which needs the 'test' capability and
 * works whether the dialog is live or not.
 */
async function readChat(
  ctx: AppContext,
  db: Db,
  owner: ChatOwner,
  surveyId: string,
  want?: TestVersion,
): Promise<Chat> {
  let survey: ChatSurvey;
  let session: Session | undefined;
  let versionId: number | null = null;
  if (owner.mode === 'live') {
    const row = await findLiveChat(db, surveyId, owner.participantId);
    if (!row) throw notFound(DIALOG_NOT_FOUND);
    if (!row.active) throw inactive();
    if (row.registered === null) throw notRegistered();
    survey = row;
    session = readSession(row.session_id, row.session_state);
    versionId = row.session_version;
  } else {
    survey = (await authorizeDialog({ ...ctx, db }, owner.userId, surveyId, 'test')).survey;
    const row = await currentTestSession(db, survey.id, owner.userId);
    session = row && readSession(row.id, row.state);
    versionId = row?.version_id ?? null;
  }
  const version = session
    ? await sessionVersion(ctx, db, survey, versionId)
    : await newChatVersion(ctx, db, survey, owner, want);
  return { db, owner, survey, version, dialog: version.dialog, session, want, now: ctx.now() };
}

/** The chat as a new session of its caller sees it: on the version a new chat gets. */
async function freshChat(ctx: AppContext, chat: Chat): Promise<Chat> {
  if (!chat.session) return chat;
  const version = await newChatVersion(ctx, chat.db, chat.survey, chat.owner, chat.want);
  return { ...chat, version, dialog: version.dialog };
}

/** The turn an event makes on a session (none: a new one), for the model's dry runs. */
interface PlannedTurn {
  session: Session | undefined;
  state: ChatState;
  event: ChatEvent;
  /** The rest of the turn's env (the trained classifier), so the dry run takes the real turn's path. */
  env: EngineEnv;
}

/**
 * A turn of the caller's chat through the pipeline. plan: the turn the model's replies are fetched for
 * (null: none); run: the turn itself, on the chat read in the transaction.
 */
function chatTurn<T>(
  ctx: AppContext,
  principal: Principal,
  surveyId: string,
  plan: ((chat: Chat, routed: PreparedRouting | null) => Promise<PlannedTurn | null>) | null,
  run: (chat: Chat, ai: EngineEnv, routed: PreparedRouting | null) => Promise<T>,
  route: ((chat: Chat) => RoutingRequest | null) | null = null,
  want?: TestVersion,
): Promise<T> {
  const owner = ownerOf(principal);
  if (want !== undefined && owner.mode === 'live') throw badRequest(NO_VERSION_CHOICE_LIVE);
  return runChatTurn(ctx, {
    owner,
    read: (db) => readChat(ctx, db, owner, surveyId, want),
    route,
    plan:
      plan &&
      (async (chat, routed): Promise<ModelPlan | null> => {
        if (!chat.dialog.usesLlm) return null;
        const turn = await plan(chat, routed);
        if (!turn) return null;
        // A turn on a new session (start, restart) plays the version a new chat gets.
        const on = turn.session ? chat : await freshChat(ctx, chat);
        return {
          owners: [
            {
              dialog: on.dialog,
              exitConditions: on.version.exitConditions,
              surveyId: chat.survey.id,
              sessionId: turn.session?.id ?? null,
            },
          ],
          dryRun: (ai) => runChat(on.dialog, turn.state, turn.event, { ...turn.env, ...ai }),
        };
      }),
    run,
  });
}

const newSession = (event: Extract<ChatEvent, { kind: 'start' | 'restart' }>): PlannedTurn => ({
  session: undefined,
  state: initialState(),
  event,
  env: {},
});

const quotaInput = (chat: Chat, sessionId: number | null) => ({
  db: chat.db,
  owner: chat.owner,
  surveyId: chat.survey.id,
  dialog: chat.dialog,
  sessionId,
  now: chat.now,
});

/**
 * Runs an event on a new session (under the dialog's quotas) on the version a new chat gets, and stores
 * it; returns its whole history.
 */
async function startSession(
  ctx: AppContext,
  current: Chat,
  event: Extract<ChatEvent, { kind: 'start' | 'restart' }>,
  env: EngineEnv,
  hidden: Record<string, string> | null = null,
) {
  const chat = await freshChat(ctx, current);
  // Hidden fields start as the chat's variables, so texts pipe them as {{name}}.
  const state = hidden ? { ...initialState(), vars: { ...hidden } } : initialState();
  const { result: res, count } = await quotaStep(
    ctx,
    { ...quotaInput(chat, null), hidden, state, event, env },
    runChat(chat.dialog, state, event, env),
  );
  const session = await storeStep(chat.db, {
    owner: chat.owner,
    surveyId: chat.survey.id,
    versionId: chat.version.id,
    session: undefined,
    result: res,
    now: chat.now,
    hiddenFields: hidden,
  });
  await count(session.id);
  return withRedirect(chat, session, { messages: res.messages, input: res.input, finished: res.finished });
}

async function wholeHistory(chat: Chat, session: Session): Promise<ChatTurnResponse> {
  return withRedirect(chat, session, {
    messages: await listMessages(chat.db, session.id),
    input: inputFor(chat.dialog, session.chat),
    finished: session.chat.status === 'finished',
  });
}

/** A finished chat's response carries the redirect of its end (end-redirect.ts), filled with its values. */
async function withRedirect(chat: Chat, session: Session, res: ChatTurnResponse): Promise<ChatTurnResponse> {
  if (session.chat.status !== 'finished') return res;
  const redirect = endRedirect(chat.dialog, session.chat, await sessionHiddenValues(chat.db, session.id));
  return redirect ? { ...res, redirect } : res;
}

/** POST /api/chat/start: begins the chat, or, when it has begun, returns it as it is (reload, double click). */
export function startChat(
  ctx: AppContext,
  principal: Principal,
  surveyId: string,
  hidden?: Record<string, string>,
  want?: TestVersion,
) {
  return chatTurn(
    ctx,
    principal,
    surveyId,
    async (chat) => (chat.session ? null : newSession({ kind: 'start', now: chat.now })),
    async (chat, ai) =>
      chat.session
        ? wholeHistory(chat, chat.session)
        : startSession(
            ctx,
            chat,
            { kind: 'start', now: chat.now },
            ai,
            await acceptHiddenValues(chat.db, chat.survey.id, hidden),
          ),
    null,
    want,
  );
}

/** POST /api/chat/history: the stored history and the current input, to resume after a reload. */
export function chatHistory(ctx: AppContext, principal: Principal, surveyId: string) {
  return chatTurn(ctx, principal, surveyId, null, async (chat) => {
    if (!chat.session) throw notFound(NO_CHAT_BEGUN);
    return wholeHistory(chat, chat.session);
  });
}

/**
 * A free-text block routes by the trained model its version pinned (training issue), or by the decision
 * prepared with embeddings and the language model before the transaction; without a model by label
 * matching.
 */
const routingFor = (ctx: AppContext, chat: Chat, body: ChatAnswerRequest, routed: PreparedRouting | null) =>
  trainedRouting(
    ctx,
    chat.db,
    chat.survey.id,
    chat.dialog.byId.get(body.unique_question_id),
    chat.version.models,
    routed,
  );

/** POST /api/chat/answer: one turn; 409 when the answer is not for the current question. */
export function answerChat(ctx: AppContext, principal: Principal, body: ChatAnswerRequest) {
  return chatTurn(
    ctx,
    principal,
    body.survey_id,
    async (chat, routed) =>
      chat.session
        ? {
            session: chat.session,
            state: chat.session.chat,
            event: answerEvent(body, chat.now),
            env: (await routingFor(ctx, chat, body, routed)).env,
          }
        : null,
    async (chat, ai, routed): Promise<ChatTurnResponse> => {
      const session = chat.session;
      if (!session) throw conflict(NOT_CURRENT_QUESTION_MSG);
      refuseOverlongChat(session);
      const routing = await routingFor(ctx, chat, body, routed);
      const event = answerEvent(body, chat.now);
      const env = { ...routing.env, ...ai };
      const taken = runChat(chat.dialog, session.chat, event, env);
      if (taken.outcome === 'stale') throw conflict(NOT_CURRENT_QUESTION_MSG);
      const { result: res, count } = await quotaStep(
        ctx,
        { ...quotaInput(chat, session.id), hidden: null, state: session.chat, event, env },
        taken,
      );
      const after = await storeStep(chat.db, {
        owner: chat.owner,
        surveyId: chat.survey.id,
        versionId: chat.version.id,
        session,
        result: res,
        now: chat.now,
      });
      await count(session.id);
      await routing.afterTurn(chat.db, { sessionId: session.id, surveyId: chat.survey.id, now: chat.now });
      return withRedirect(chat, after, { messages: res.messages, input: res.input, finished: res.finished });
    },
    (chat) => {
      const session = chat.session;
      if (!session) return null;
      const event = answerEvent(body, chat.now);
      return answerToRoute(chat.survey.id, chat.version.models, (env) =>
        runChat(chat.dialog, session.chat, event, env),
      );
    },
  );
}

/**
 * A session left by a restart before anything was answered is dropped rather than kept as unfinished:
 * it is the same respondent, and scripted restarts must not inflate 'started' in Analyse. A finished
 * session (a dialog without questions) stays.
 */
async function dropIfUnanswered(db: Db, session: Session) {
  if (session.chat.status === 'finished') return;
  if (!(await sessionHasAnswers(db, session.id))) await deleteSession(db, session.id);
}

/**
 * POST /api/restart_delete. restart: a fresh session for the caller (the old one stays in analytics as
 * unfinished); delete: deleteParticipant (delete-participant.ts).
 */
export async function restartOrDelete(ctx: AppContext, principal: Principal, body: RestartDeleteRequest) {
  if (body.live !== (principal.kind === 'live')) {
    throw badRequest(body.live ? LIVE_NEEDS_LIVE_TOKEN : TEST_NEEDS_AUTHOR);
  }
  if (body.action === 'restart') {
    await chatTurn(
      ctx,
      principal,
      body.survey_id,
      async (chat) => newSession({ kind: 'restart', now: chat.now }),
      async (chat, ai) => {
        // The new chat keeps the link's hidden fields: the respondent came by the same link.
        const hidden = chat.session ? await sessionHiddenValues(chat.db, chat.session.id) : null;
        if (chat.session) await dropIfUnanswered(chat.db, chat.session);
        return startSession(ctx, chat, { kind: 'restart', now: chat.now, vars: { ...hidden } }, ai, hidden);
      },
      null,
      body.version,
    );
    return { msg: 'success' as const };
  }
  await deleteParticipant(ctx, principal, body.survey_id);
  return { msg: 'success' as const };
}
