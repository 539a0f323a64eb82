import type { Selectable } from 'kysely';
import { FLAGGABLE_ENTRY_TYPE, type FlagAnswerRequest } from '../../contract/chat-feedback.ts';
import type { AppContext } from '../context.ts';
import type { AnswersTable } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { blockContent, branchOf } from '../training/branches.ts';
import { answerAt } from '../training/example-queries.ts';
import { flagInInbox } from '../training/inbox.ts';
import { storedRouting } from '../training/stored-routing.ts';
import { findEntry, findOwnTestAnswer, flaggedEntries, routedEntries } from './feedback-queries.ts';
import { currentTestSession } from './queries.ts';

/**
 * POST /api/chat/flag_answer: an author marks a routed free-text answer of the assessment chat as
 * wrongly routed; it lands in training_inbox with flagged = 1 for the training issue to learn from (the
 * answer's open entry, when it has one, is updated: server/training/inbox.ts flagInInbox).
 */
type Db = AppContext['db'];
type AnswerRow = Selectable<AnswersTable>;

const ANSWER_NOT_FOUND = 'Antwort nicht gefunden.';
const NOT_ROUTED = 'Nur Freitextantworten, die einem Zweig zugeordnet werden, können markiert werden.';

/** The answer stored for a respondent entry of the caller's current test chat (same block and turn). */
async function answerOfEntry(db: Db, access: DialogAccess, uniqueQuestionId: string, seq: number) {
  const session = await currentTestSession(db, access.survey.id, access.userId);
  if (!session) throw notFound(ANSWER_NOT_FOUND);
  const entry = await findEntry(db, session.id, seq);
  if (entry?.user_or_bot !== 'user' || entry.unique_question_id !== uniqueQuestionId) {
    throw notFound(ANSWER_NOT_FOUND);
  }
  if (entry.type !== FLAGGABLE_ENTRY_TYPE) throw badRequest(NOT_ROUTED);
  return answerAt(db, session.id, uniqueQuestionId, entry.created_on);
}

/**
 * The answer's block must route free text into branches, and an expected branch must be one of them or
 * 'keiner davon' (NONE_BRANCH). Returns the expected branch as the inbox stores it.
 */
async function checkRouted(db: Db, surveyId: number, answer: AnswerRow, expected: string | null) {
  const block = await blockContent(db, surveyId, answer.unique_question_id);
  if (block.type !== 'open_text' || block.options.length === 0) throw badRequest(NOT_ROUTED);
  return expected === null ? null : branchOf(block, expected, 'expected_branch');
}

/**
 * The flagged entries of the caller's current test chat, each with its latest expected branch: an
 * inbox entry names its answer, and the answer's entry has the same block and time.
 */
export async function flaggedAnswers(ctx: AppContext, access: DialogAccess) {
  const session = await currentTestSession(ctx.db, access.survey.id, access.userId);
  if (!session) return { flags: [] };
  const rows = await flaggedEntries(ctx.db, access.survey.id, session.id);
  const latest = new Map(rows.map((r) => [r.seq, r.branch]));
  return {
    flags: [...latest].sort(([a], [b]) => a - b).map(([seq, branch]) => ({ seq, expected_branch: branch })),
  };
}

/** Where each routed free-text answer of the caller's current test chat went, by entry seq. */
export async function routedAnswers(ctx: AppContext, access: DialogAccess) {
  const session = await currentTestSession(ctx.db, access.survey.id, access.userId);
  if (!session) return { routes: [] };
  const rows = await routedEntries(ctx.db, session.id);
  return { routes: rows.map((r) => ({ seq: r.seq, ...storedRouting(r) })) };
}

export async function flagAnswer(ctx: AppContext, access: DialogAccess, req: FlagAnswerRequest) {
  const expected = req.expected_branch ?? null;
  return ctx.db.transaction().execute(async (db) => {
    const answer =
      req.answer_id !== undefined
        ? await findOwnTestAnswer(db, access.survey.id, access.userId, req.answer_id)
        : await answerOfEntry(db, access, req.unique_question_id!, req.seq!);
    if (!answer) throw notFound(ANSWER_NOT_FOUND);
    const branch = await checkRouted(db, access.survey.id, answer, expected);
    const inboxId = await flagInInbox(db, ctx.now(), access.survey.id, answer, branch);
    return { msg: 'success' as const, inbox_id: inboxId };
  });
}
