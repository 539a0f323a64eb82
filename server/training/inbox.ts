import type { Selectable } from 'kysely';
import {
  type AssignInboxRequest,
  EXAMPLE_MAX,
  type InboxRequest,
  type InboxResponse,
} from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import type { AnswersTable } from '../db/schema.ts';
import { orNotFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { normalizeKey } from '../text/normalise.ts';
import { branchOf, trainableBlock } from './branches.ts';
import { INBOX_NOT_FOUND } from './errors.ts';
import * as queries from './example-queries.ts';
import { sameExample } from './examples.ts';
import { inboxWithRouting } from './inbox-routing-queries.ts';
import { storedRouting } from './stored-routing.ts';

/**
 * The inbox of answers to learn from (training_inbox): answers routed with low confidence and answers
 * flagged as wrongly routed; the author makes them examples of a branch or dismisses them.
 */

type Db = AppContext['db'];

/** POST /api/training/get_inbox: the unresolved items, newest first. */
export async function getInbox(
  ctx: AppContext,
  access: DialogAccess,
  req: InboxRequest,
): Promise<InboxResponse> {
  const rows = await inboxWithRouting(ctx.db, access.survey.id, req.unique_question_id);
  return {
    items: rows.map(({ routed_branch, routed_confidence, routing_source, routing_reason, ...r }) => ({
      ...r,
      confidence: r.confidence === null ? null : Number(r.confidence),
      created_at: Number(r.created_at),
      flagged: r.flagged === 1,
      routed:
        routing_source === null
          ? null
          : storedRouting({
              branch: routed_branch,
              confidence: routed_confidence,
              routing_source,
              routing_reason,
            }),
    })),
  };
}

/**
 * POST /api/training/assign_inbox: the item's text becomes an example of the branch; the item is
 * resolved, with any other open entry of the same answer or of the same words in the block. When the
 * branch has that example already, it is not added again (its id is returned).
 */
export async function assignInbox(ctx: AppContext, access: DialogAccess, req: AssignInboxRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const item = orNotFound(await queries.findOpenInboxItem(db, access.survey.id, req.id), INBOX_NOT_FOUND);
    const block = await trainableBlock(db, access.survey.id, item.unique_question_id);
    const branch = branchOf(block, req.branch);
    // Answers may be longer than an example may be; the start carries what routes it.
    const text = item.text.trim().slice(0, EXAMPLE_MAX);
    const same = await sameExample(db, access.survey.id, item.unique_question_id, branch, text);
    const id =
      same?.id ??
      (await queries.insertExample(db, {
        survey_id: access.survey.id,
        unique_question_id: item.unique_question_id,
        branch,
        text,
        source: 'inbox',
        created_at: ctx.now(),
      }));
    // The answer is learned: other open entries of it (from before flagging updated them) go too, and
    // so do the block's entries of the same words (respondents give the same answer many times).
    const key = normalizeKey(item.text);
    const repeats = (await queries.openInboxTexts(db, access.survey.id, item.unique_question_id)).filter(
      (r) => normalizeKey(r.text) === key,
    );
    await queries.resolveInbox(
      db,
      access.survey.id,
      [item.id, ...repeats.map((r) => r.id)],
      item.answer_id,
      ctx.now(),
    );
    return { msg: 'success' as const, id };
  });
}

/** POST /api/training/dismiss_inbox. */
export async function dismissInbox(ctx: AppContext, access: DialogAccess, id: number) {
  const item = orNotFound(await queries.findOpenInboxItem(ctx.db, access.survey.id, id), INBOX_NOT_FOUND);
  await queries.resolveInboxEntries(ctx.db, [item.id], ctx.now());
  return { msg: 'success' as const };
}

type FlaggedAnswer = Pick<Selectable<AnswersTable>, 'id' | 'unique_question_id' | 'value' | 'confidence'>;

/**
 * POST /api/chat/flag_answer's inbox side: an answer flagged as wrongly routed, with the branch the
 * author expected (a stored branch name, NONE_BRANCH included; null: not said). An answer has at most one
 * open inbox entry: when it has one already (it was unsure, or flagged before), that entry becomes
 * flagged with the expected branch; open duplicates from before are resolved. Flagging an answer again
 * as it is flagged (the chat does not know after a reload) changes nothing. Returns the entry's id.
 *
 * On PostgreSQL the answer's row is locked first: two flags of one answer at once (a double click, two
 * tabs) would otherwise both find no entry and both add one. SQLite runs one transaction at a time.
 */
export async function flagInInbox(
  db: Db,
  now: number,
  surveyId: number,
  answer: FlaggedAnswer,
  branch: string | null,
): Promise<number> {
  await queries.lockAnswer(db, answer.id);
  const [entry, ...others] = await queries.openEntriesOfAnswer(db, surveyId, answer.id);
  if (entry) {
    if (entry.flagged !== 1 || entry.branch !== branch) {
      await queries.updateInboxEntry(db, entry.id, { branch, flagged: 1 });
    }
    if (others.length > 0) {
      await queries.resolveInboxEntries(
        db,
        others.map((o) => o.id),
        now,
      );
    }
    return entry.id;
  }
  return queries.insertInboxEntry(db, {
    survey_id: surveyId,
    unique_question_id: answer.unique_question_id,
    answer_id: answer.id,
    text: answer.value,
    branch,
    confidence: answer.confidence,
    flagged: 1,
    resolved_at: null,
    created_at: now,
  });
}
