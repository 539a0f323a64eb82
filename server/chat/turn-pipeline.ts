import { CHAT_TOO_LONG_MSG, type ChatAnswerRequest, MAX_CHAT_MESSAGES } from '../../contract/chat.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { countChatTurn } from '../metrics/registry.ts';
import { storable } from '../text/storable.ts';
import { recordChatEvents } from '../webhooks/outbox.ts';
import { type AiEnv, type BlockOwner, fetchAiReplies } from './ai-turn.ts';
import { type AnswerValue, type ChatEvent, type EngineResult, initialState } from './engine/types.ts';
import { type ChatOwner, insertSession, lockOwner, writeTurn } from './queries.ts';
import { type Session, storedState } from './session-state.ts';
import { runTurn } from './turn-runner.ts';

/**
 * One turn of a chat, the same for a single chat (service.ts) and a game (server/multichat): plan the
 * language model's calls on the chat as it is and fetch their replies (ai-turn.ts) outside any
 * transaction; then in the turn's transaction (turn-runner.ts) lock the owner, read the chat anew, run
 * the engine (or the game's rules) with the replies, and write what it produced (storeStep) before the
 * response is sent, so an acknowledged answer is never lost.
 */

type Db = AppContext['db'];

/** What a turn asks the language model, worked out on the chat as it is before the turn. */
export interface ModelPlan {
  /** The dialogs whose blocks may ask, with their sessions. */
  owners: readonly BlockOwner[];
  /** Plays the turn with the given seams and discards the result. */
  dryRun: (ai: AiEnv) => void;
}

export interface TurnSteps<C, R> {
  owner: ChatOwner;
  /** Reads the chat through db: the database when planning, the turn's transaction when running. */
  read: (db: Db) => Promise<C>;
  /** The model calls of the turn on the chat as read; absent or null: the turn asks the model nothing. */
  plan?: ((chat: C) => Promise<ModelPlan | null>) | null;
  /** Runs the turn on the chat as read in the transaction, with the model's replies, and writes it. */
  run: (chat: C, ai: AiEnv) => Promise<R>;
}

async function modelReplies<C, R>(ctx: AppContext, steps: TurnSteps<C, R>): Promise<AiEnv> {
  // Without a configured model nothing is read or sent.
  if (ctx.llm === null || !steps.plan) return {};
  const plan = await steps.plan(await steps.read(ctx.db));
  return plan ? fetchAiReplies(ctx, plan.owners, plan.dryRun) : {};
}

/** Plans the model calls, then locks, reads, runs and writes in one transaction. */
export async function runChatTurn<C, R>(ctx: AppContext, steps: TurnSteps<C, R>): Promise<R> {
  const ai = await modelReplies(ctx, steps);
  const result = await runTurn(ctx, async (db) => {
    await lockOwner(db, ctx.dbKind, steps.owner);
    return steps.run(await steps.read(db), ai);
  });
  countChatTurn();
  return result;
}

/** One engine step to store on a dialog's session; without a session one is created first. */
export interface StepWrite {
  owner: ChatOwner;
  surveyId: number;
  /** The version a new session plays (server/versions); an existing session keeps its own. */
  versionId: number;
  session: Session | undefined;
  result: EngineResult;
  now: number;
  /** The game the session is a dialog of (server/multichat); null for a single chat. */
  managerSessionId?: number | null;
  /** A new session's hidden fields from its link (server/hidden-fields). */
  hiddenFields?: Record<string, string> | null;
}

/** Stores a step's entries, answers and state; returns the session after it. */
export async function storeStep(db: Db, w: StepWrite): Promise<Session> {
  const id =
    w.session?.id ??
    (await insertSession(
      db,
      w.surveyId,
      w.owner,
      storedState(0, initialState()),
      w.now,
      w.versionId,
      w.managerSessionId ?? null,
      w.hiddenFields ? JSON.stringify(w.hiddenFields) : null,
    ));
  const firstSeq = w.session?.seq ?? 0;
  const seq = firstSeq + w.result.messages.length;
  await writeTurn(db, {
    sessionId: id,
    surveyId: w.surveyId,
    mode: w.owner.mode,
    firstSeq,
    messages: w.result.messages,
    answers: w.result.answers,
    state: storedState(seq, w.result.state),
    now: w.now,
    finished: w.result.finished,
  });
  // The webhooks' events go into the outbox in the turn's transaction: sent if and only if it commits.
  const started = w.session === undefined;
  const finished = w.result.finished && w.session?.chat.status !== 'finished';
  if (started || finished) {
    await recordChatEvents(db, { surveyId: w.surveyId, sessionId: id, started, finished, now: w.now });
  }
  return { id, seq, chat: w.result.state };
}

/** Whose chat a caller's is: a live participant's, or an author's test chat. */
export const ownerOf = (principal: Principal): ChatOwner =>
  principal.kind === 'live'
    ? { mode: 'live', participantId: principal.id }
    : { mode: 'test', userId: principal.id };

export function cleanAnswer(answer: ChatAnswerRequest['answer']): AnswerValue {
  if (typeof answer === 'string') return storable(answer);
  return typeof answer === 'number' ? answer : answer.map(storable);
}

/** The engine's event of an answer call (single chat and multi-dialog chat alike). */
export const answerEvent = (
  body: ChatAnswerRequest,
  now: number,
): Extract<ChatEvent, { kind: 'answer' }> => ({
  kind: 'answer',
  now,
  unique_question_id: body.unique_question_id,
  nachfrage_id: body.nachfrage_id,
  turn: body.turn,
  answer: cleanAnswer(body.answer),
  skip: body.skip === true,
});

/** Answers go into a chat only while it is below MAX_CHAT_MESSAGES (a 429 leaves it as it was). */
export function refuseOverlongChat(session: Session | undefined): void {
  if (session && session.seq >= MAX_CHAT_MESSAGES) {
    throw new ApiError(429, ERROR_TITLES.chatTooLong, CHAT_TOO_LONG_MSG);
  }
}
