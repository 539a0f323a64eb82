import { createHash } from 'node:crypto';
import { PostgresAdapter, type Selectable } from 'kysely';
import type { BlockContent } from '../../contract/blocks.ts';
import {
  type AddExampleRequest,
  type AssignInboxRequest,
  DUPLICATE_EXAMPLE_MSG,
  EXAMPLE_MAX,
  type ExamplesResponse,
  GOOD_EXAMPLES,
  type InboxRequest,
  type InboxResponse,
  MIN_EXAMPLES,
  NONE_BRANCH,
  NONE_LABEL,
  type UpdateExampleRequest,
} from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import type { AnswersTable } from '../db/schema.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/blocks.ts';
import { findBlock } from '../dialogs/queries.ts';
import { contentFromRow } from '../dialogs/rows.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { normalizeKey } from '../text/normalise.ts';
import { detectLanguage, type Language, stem, tokens } from '../text/stems.ts';
import type { Example } from './classifier.ts';
import { inboxWithRouting } from './inbox-routing-queries.ts';
import { storedRouting } from './stored-routing.ts';

/**
 * The examples of a free-text block's branches (training_examples), its jumps (SPEC §7
 * trainingdata_jumps) and the inbox of answers to learn from (training_inbox). A branch is an option
 * label of the block or NONE_BRANCH ('keiner davon').
 */

type Db = AppContext['db'];
export type OpenTextContent = Extract<BlockContent, { type: 'open_text' }>;

export const EXAMPLE_NOT_FOUND = 'Beispiel nicht gefunden.';
export const INBOX_NOT_FOUND = 'Eintrag nicht gefunden.';
const NOT_TRAINABLE = 'Nur Freitextblöcke mit Verzweigungen können trainiert werden.';

export async function blockContent(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<BlockContent> {
  const row = await findBlock(db, surveyId, uniqueQuestionId);
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  return contentFromRow(row);
}

/** A free-text block with at least one branch: the blocks whose answers a model routes. */
export async function trainableBlock(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
): Promise<OpenTextContent> {
  const block = await blockContent(db, surveyId, uniqueQuestionId);
  if (block.type !== 'open_text' || block.options.length === 0) throw badRequest(NOT_TRAINABLE);
  return block;
}

/**
 * The stored name of a branch: the option label as written, or NONE_BRANCH (also for 'keiner davon').
 * `field` names the request field in the message of a refusal.
 */
export function branchOf(block: OpenTextContent, branch: string, field = 'branch'): string {
  const key = branch.trim();
  if (block.options.includes(key)) return key;
  const lower = key.toLowerCase();
  if (lower === NONE_BRANCH || lower === NONE_LABEL) return NONE_BRANCH;
  throw badRequest(`${field}: „${key}“ ist keine Verzweigung dieses Blocks`);
}

/** GET /api/surveys/{id}/trainingdata_jumps/{question_id}: one entry per branch plus the none branch. */
export async function trainingJumps(ctx: AppContext, access: DialogAccess, uniqueQuestionId: string) {
  const block = await blockContent(ctx.db, access.survey.id, uniqueQuestionId);
  return [
    ...block.options.map((label, i) => ({
      branch: label,
      label,
      target: block.jump_to_ids[i] ?? null,
      reaction: block.jump_to_reactions[i] ?? '',
    })),
    { branch: NONE_BRANCH, label: NONE_LABEL, target: block.jump_to_question, reaction: '' },
  ];
}

function listExamples(db: Db, surveyId: number, uniqueQuestionId: string) {
  return db
    .selectFrom('training_examples')
    .select(['id', 'branch', 'text'])
    .where('survey_id', '=', surveyId)
    .where('unique_question_id', '=', uniqueQuestionId)
    .orderBy('id')
    .execute();
}

/** The examples a model of the block trains on: those of its current branches and of none. */
export async function trainingSet(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  block: OpenTextContent,
) {
  const branches = new Set([...block.options, NONE_BRANCH]);
  const rows = await listExamples(db, surveyId, uniqueQuestionId);
  return rows.filter((r) => branches.has(r.branch)).map((r): Example => ({ label: r.branch, text: r.text }));
}

/** Identifies a training set, so a status can tell whether the examples changed after the last model. */
export function examplesHash(examples: readonly Example[]): string {
  const lines = examples.map((e) => JSON.stringify([e.label, e.text])).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

function hint(count: number): string {
  if (count < MIN_EXAMPLES)
    return `Mindestens ${MIN_EXAMPLES} Beispiele angeben (noch ${MIN_EXAMPLES - count}).`;
  if (count < GOOD_EXAMPLES) return `Gut ab ${GOOD_EXAMPLES} Beispielen (noch ${GOOD_EXAMPLES - count}).`;
  return '';
}

/** At most one edit apart (a typo), for keys long enough that one edit is not a different word. */
function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** An example's text after normalisation and stemming: what the duplicate checks compare. */
function exampleKey(text: string, language: Language): string {
  return tokens(text)
    .map((w) => stem(w, language))
    .join(' ');
}

// Articles change no meaning ('Die Versandkosten sind zu hoch' and 'Versandkosten sind zu hoch!'), unlike
// other function words ('Das Paket kam nicht an').
const ARTICLES = new Set('der die das den dem des ein eine einer eines einem einen the a an'.split(' '));
const withoutArticles = (text: string, language: Language) =>
  exampleKey(
    tokens(text)
      .filter((w) => !ARTICLES.has(w))
      .join(' '),
    language,
  );

/** Groups of examples that are the same or nearly the same after normalisation and stemming. */
function duplicates(examples: readonly { branch: string; text: string }[]) {
  const language = detectLanguage(examples.map((e) => e.text));
  // Text without letters or digits ('👍', '👎') is compared as it is, not as one empty key.
  const keyed = examples.map((e) => ({
    ...e,
    key: exampleKey(e.text, language) || e.text.trim().toLowerCase(),
    bare: withoutArticles(e.text, language),
  }));
  const groups: { text: string; key: string; bare: string; branches: Set<string> }[] = [];
  for (const e of keyed) {
    const group = groups.find((g) => nearlyEqual(g.key, e.key) || (e.bare !== '' && g.bare === e.bare));
    if (group) group.branches.add(e.branch);
    else groups.push({ text: e.text, key: e.key, bare: e.bare, branches: new Set([e.branch]) });
  }
  return groups.filter((g) => g.branches.size > 1).map((g) => ({ text: g.text, branches: [...g.branches] }));
}

/** POST /api/training/get_examples. */
export async function getExamples(
  ctx: AppContext,
  access: DialogAccess,
  uniqueQuestionId: string,
): Promise<ExamplesResponse> {
  const block = await trainableBlock(ctx.db, access.survey.id, uniqueQuestionId);
  const rows = await listExamples(ctx.db, access.survey.id, uniqueQuestionId);
  const entry = (branch: string, label: string) => {
    const examples = rows.filter((r) => r.branch === branch).map((r) => ({ id: r.id, text: r.text }));
    return { branch, label, examples, count: examples.length, hint: hint(examples.length) };
  };
  const current = new Set([...block.options, NONE_BRANCH]);
  return {
    branches: block.options.map((label) => entry(label, label)),
    none: entry(NONE_BRANCH, NONE_LABEL),
    duplicates: duplicates(rows.filter((r) => current.has(r.branch))),
  };
}

/**
 * The example of `branch` that `text` repeats, normalised as the duplicate warning does (case, accents,
 * punctuation and word endings do not count; a text without words compares as written, ignoring case),
 * other than the example `exceptId`. Each example counts once in training, so a branch holds a text once.
 */
async function sameExample(
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  branch: string,
  text: string,
  exceptId?: number,
) {
  const rows = await listExamples(db, surveyId, uniqueQuestionId);
  const language = detectLanguage([...rows.map((r) => r.text), text]);
  const keyOf = (value: string) => exampleKey(value, language) || value.trim().toLowerCase();
  const key = keyOf(text);
  return rows.find((r) => r.branch === branch && r.id !== exceptId && keyOf(r.text) === key);
}

async function insertExample(
  db: Db,
  ctx: AppContext,
  surveyId: number,
  uniqueQuestionId: string,
  branch: string,
  text: string,
  source: 'author' | 'inbox',
) {
  const row = await db
    .insertInto('training_examples')
    .values({
      survey_id: surveyId,
      unique_question_id: uniqueQuestionId,
      branch,
      text,
      source,
      created_at: ctx.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /api/training/add_example. */
export async function addExample(ctx: AppContext, access: DialogAccess, req: AddExampleRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const block = await trainableBlock(db, access.survey.id, req.unique_question_id);
    const branch = branchOf(block, req.branch);
    if (await sameExample(db, access.survey.id, req.unique_question_id, branch, req.text)) {
      throw conflict(DUPLICATE_EXAMPLE_MSG);
    }
    const id = await insertExample(
      db,
      ctx,
      access.survey.id,
      req.unique_question_id,
      branch,
      req.text,
      'author',
    );
    return { msg: 'success' as const, id };
  });
}

async function exampleRow(db: Db, surveyId: number, id: number) {
  const row = await db
    .selectFrom('training_examples')
    .select(['id', 'unique_question_id', 'branch', 'text'])
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  if (!row) throw notFound(EXAMPLE_NOT_FOUND);
  return row;
}

/**
 * POST /api/training/update_example: new text, or a move to another branch, or both; refused when the
 * example would repeat another one of its (new) branch.
 */
export async function updateExample(ctx: AppContext, access: DialogAccess, req: UpdateExampleRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const row = await exampleRow(db, access.survey.id, req.id);
    const changes: { text?: string; branch?: string } = {};
    if (req.text !== undefined) changes.text = req.text;
    if (req.branch !== undefined) {
      const block = await trainableBlock(db, access.survey.id, row.unique_question_id);
      changes.branch = branchOf(block, req.branch);
    }
    const branch = changes.branch ?? row.branch;
    const text = changes.text ?? row.text;
    if (await sameExample(db, access.survey.id, row.unique_question_id, branch, text, row.id)) {
      throw conflict(DUPLICATE_EXAMPLE_MSG);
    }
    await db.updateTable('training_examples').set(changes).where('id', '=', row.id).execute();
    return { msg: 'success' as const, id: row.id };
  });
}

/** POST /api/training/delete_example. */
export async function deleteExample(ctx: AppContext, access: DialogAccess, id: number) {
  const row = await exampleRow(ctx.db, access.survey.id, id);
  await ctx.db.deleteFrom('training_examples').where('id', '=', row.id).execute();
  return { msg: 'success' as const };
}

/** POST /api/training/get_inbox: the unresolved items, newest first, each with its answer's routing. */
export async function getInbox(
  ctx: AppContext,
  access: DialogAccess,
  req: InboxRequest,
): Promise<InboxResponse> {
  const rows = await inboxWithRouting(ctx.db, access.survey.id, req.unique_question_id);
  return {
    items: rows.map(({ routed_branch, routed_confidence, routing_source, ...r }) => ({
      ...r,
      confidence: r.confidence === null ? null : Number(r.confidence),
      created_at: Number(r.created_at),
      flagged: r.flagged === 1,
      routed:
        routing_source === null
          ? null
          : storedRouting({ branch: routed_branch, confidence: routed_confidence, routing_source }),
    })),
  };
}

async function openInboxItem(db: Db, surveyId: number, id: number) {
  const row = await db
    .selectFrom('training_inbox')
    .select(['id', 'unique_question_id', 'text', 'answer_id'])
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(INBOX_NOT_FOUND);
  return row;
}

/**
 * POST /api/training/assign_inbox: the item's text becomes an example of the branch; the item is
 * resolved, with any other open entry of the same answer or of the same words in the block. When the branch has that example already, it
 * is not added again (its id is returned).
 */
export async function assignInbox(ctx: AppContext, access: DialogAccess, req: AssignInboxRequest) {
  return ctx.db.transaction().execute(async (db) => {
    const item = await openInboxItem(db, access.survey.id, req.id);
    const block = await trainableBlock(db, access.survey.id, item.unique_question_id);
    const branch = branchOf(block, req.branch);
    // Answers may be longer than an example may be; the start carries what routes it.
    const text = item.text.trim().slice(0, EXAMPLE_MAX);
    const same = await sameExample(db, access.survey.id, item.unique_question_id, branch, text);
    const id =
      same?.id ??
      (await insertExample(db, ctx, access.survey.id, item.unique_question_id, branch, text, 'inbox'));
    // The answer is learned: other open entries of it (from before flagging updated them) go too, and
    // so do the block's entries of the same words (respondents give the same answer many times).
    const key = normalizeKey(item.text);
    const repeats = (
      await db
        .selectFrom('training_inbox')
        .select(['id', 'text'])
        .where('survey_id', '=', access.survey.id)
        .where('unique_question_id', '=', item.unique_question_id)
        .where('resolved_at', 'is', null)
        .execute()
    ).filter((r) => normalizeKey(r.text) === key);
    await db
      .updateTable('training_inbox')
      .set({ resolved_at: ctx.now() })
      .where('survey_id', '=', access.survey.id)
      .where('resolved_at', 'is', null)
      .where((w) =>
        w.or([
          w('id', 'in', [item.id, ...repeats.map((r) => r.id)]),
          ...(item.answer_id === null ? [] : [w('answer_id', '=', item.answer_id)]),
        ]),
      )
      .execute();
    return { msg: 'success' as const, id };
  });
}

/** POST /api/training/dismiss_inbox. */
export async function dismissInbox(ctx: AppContext, access: DialogAccess, id: number) {
  const item = await openInboxItem(ctx.db, access.survey.id, id);
  await ctx.db
    .updateTable('training_inbox')
    .set({ resolved_at: ctx.now() })
    .where('id', '=', item.id)
    .execute();
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
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.selectFrom('answers').select('id').where('id', '=', answer.id).forUpdate().execute();
  }
  const open = await db
    .selectFrom('training_inbox')
    .select(['id', 'branch', 'flagged'])
    .where('survey_id', '=', surveyId)
    .where('answer_id', '=', answer.id)
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();
  const [entry, ...others] = open;
  if (entry) {
    if (entry.flagged !== 1 || entry.branch !== branch) {
      await db.updateTable('training_inbox').set({ branch, flagged: 1 }).where('id', '=', entry.id).execute();
    }
    if (others.length > 0) {
      await db
        .updateTable('training_inbox')
        .set({ resolved_at: now })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    }
    return entry.id;
  }
  const row = await db
    .insertInto('training_inbox')
    .values({
      survey_id: surveyId,
      unique_question_id: answer.unique_question_id,
      answer_id: answer.id,
      text: answer.value,
      branch,
      confidence: answer.confidence,
      flagged: 1,
      resolved_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
