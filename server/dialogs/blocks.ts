import { randomBytes } from 'node:crypto';
import {
  applyChange,
  type Block,
  type BlockContent,
  blockContentSchemas,
  blockTypeSchema,
  defaultBlockContent,
  editableKeys,
  endNodeId,
  isMarkerId,
  positionSchema,
} from '../../contract/blocks.ts';
import {
  type JumpRef,
  STALE_BLOCK_MSG,
  type UpdateSurveyBlocksRequest,
  type UpdateSurveyBlocksResponse,
} from '../../contract/dialogs.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { blockNodeSize, isDefaultEndPosition } from '../../contract/graph-geometry.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { mediaExists } from '../media/queries.ts';
import type { DialogAccess, SurveyRow } from '../sharing/permissions.ts';
import { blockRect, freeSpotBelow, markerRect, type Rect } from './placement.ts';
import {
  blockAtOrder,
  blockIdTaken,
  blocksMentioning,
  bumpDialogVersion,
  countBlocks,
  deleteBlock,
  existingBlockIds,
  findBlock,
  insertBlock,
  listBlocks,
  shiftOrders,
  updateBlock,
  updateSurvey,
} from './queries.ts';
import { renameOptions } from './rename-options.ts';
import { rescoreLikert } from './rescore-likert.ts';
import { type BlockRow, blockFromRow, columnsFromContent, contentFromRow, markersFromRow } from './rows.ts';

/** A stale write: the block changed since the caller loaded it (409 with the block as it is now). */
export class StaleBlockError extends ApiError {
  constructor(readonly block: Block) {
    super(409, ERROR_TITLES.conflict, STALE_BLOCK_MSG);
  }
}

export const BLOCK_NOT_FOUND = 'Block nicht gefunden.';
/**
 * Every node of the dialog as it is drawn: the blocks, the start marker, and the end marker where the
 * author put it (at its default position it follows the lowest block in the graph, so it is no obstacle).
 */
async function takenRects(w: Write): Promise<Rect[]> {
  const [start, end] = markersFromRow(w.survey);
  const rects = (await listBlocks(w.db, w.survey.id)).map((r) => blockRect(contentFromRow(r)));
  rects.push(markerRect(start!.position));
  if (!isDefaultEndPosition(end!.position)) rects.push(markerRect(end!.position));
  return rects;
}

/** A new block's position: below its anchor (the node it follows), overlapping no node. */
async function placeNew(w: Write, anchor: Rect, content: BlockContent): Promise<BlockContent> {
  const position = freeSpotBelow(anchor, blockNodeSize(content), await takenRects(w));
  return { ...content, position } as BlockContent;
}

export const newBlockId = () => randomBytes(9).toString('base64url');

/** One write to a dialog, inside its transaction; survey is the row as locked and bumped. */
export interface Write {
  db: AppContext['db'];
  survey: SurveyRow;
  now: number;
}

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** Runs fn in a transaction that first bumps (and on PostgreSQL locks) the dialog. */
export function writeDialog<T>(ctx: Ctx, surveyId: number, fn: (w: Write) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (db) => {
    const now = ctx.now();
    const survey = await bumpDialogVersion(db, surveyId, now);
    return fn({ db, survey, now });
  });
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

function validationError(prefix: string, issues: readonly IssueLike[]): ApiError {
  const msg = issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].filter((p) => p !== '').join('.')}: ${i.message}`)
    .join('; ');
  return badRequest(msg);
}

/** Validates candidate content with its type's schema; a failure names the field under prefix. */
export function validateContent(candidate: Record<string, unknown>, prefix: string): BlockContent {
  const type = blockTypeSchema.safeParse(candidate.type);
  if (!type.success)
    throw validationError(prefix, [{ path: ['type'], message: 'ist kein bekannter Blocktyp' }]);
  const parsed = blockContentSchemas[type.data].safeParse(candidate);
  if (!parsed.success) throw validationError(prefix, parsed.error.issues);
  return parsed.data as BlockContent;
}

function jumpTargets(content: BlockContent): string[] {
  return [...content.jump_to_ids, content.jump_to_question].filter((id): id is string => id !== null);
}

/** Which jump targets are valid here: blocks of this dialog and its end marker. */
async function validTargets(w: Write, content: BlockContent): Promise<(id: string) => boolean> {
  const end = endNodeId(w.survey.survey_id);
  const known = await existingBlockIds(
    w.db,
    w.survey.id,
    [...new Set(jumpTargets(content))].filter((id) => id !== end),
  );
  return (id) => id === end || known.has(id);
}

async function rejectUnknownTargets(w: Write, content: BlockContent, prefix: string) {
  const ok = await validTargets(w, content);
  content.jump_to_ids.forEach((id, i) => {
    if (id !== null && !ok(id)) throw badRequest(`${prefix}.jump_to_ids.${i}: unbekanntes Ziel ${id}`);
  });
  if (content.jump_to_question !== null && !ok(content.jump_to_question)) {
    throw badRequest(`${prefix}.jump_to_question: unbekanntes Ziel ${content.jump_to_question}`);
  }
}

/** Recreate drops jumps to blocks that are gone, as deleting those blocks would have done. */
async function dropUnknownTargets(w: Write, content: BlockContent): Promise<BlockContent> {
  const ok = await validTargets(w, content);
  const keep = (id: string | null) => (id !== null && ok(id) ? id : null);
  return {
    ...content,
    jump_to_ids: content.jump_to_ids.map(keep),
    jump_to_question: keep(content.jump_to_question),
  };
}

/** Writes a block's content; layout (position) changes leave the block version alone. */
export function writeContent(w: Write, row: BlockRow, content: BlockContent, bumpVersion = true) {
  return updateBlock(w.db, row.id, {
    ...columnsFromContent(content),
    version: bumpVersion ? row.version + 1 : row.version,
    updated_at: w.now,
  });
}

/** At most one block is the start page: setting it on one clears it on the others. */
async function clearOtherStartPages(w: Write, keepRowId: number): Promise<BlockRow[]> {
  const changed: BlockRow[] = [];
  for (const row of await blocksMentioning(w.db, w.survey.id, '"start_page":1')) {
    const content = contentFromRow(row);
    if (row.id === keepRowId || content.start_page !== 1) continue;
    changed.push(await writeContent(w, row, { ...content, start_page: 0 }));
  }
  return changed;
}

function checkVersion(w: Write, row: BlockRow, expected: number | undefined) {
  if (expected !== undefined && expected !== row.version) {
    throw new StaleBlockError(blockFromRow(row, w.survey.survey_id));
  }
}

async function requireBlock(w: Write, uniqueQuestionId: string): Promise<BlockRow> {
  const row = await findBlock(w.db, w.survey.id, uniqueQuestionId);
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  return row;
}

/**
 * Changes one field of a block (update, survey_list_isEnd): the candidate follows applyChange, is
 * validated against the block type's schema, and jumps and media must exist in this dialog.
 */
export async function changeField(
  w: Write,
  row: BlockRow,
  key: string,
  value: unknown,
  prefix: string,
): Promise<BlockRow[]> {
  const current = contentFromRow(row);
  if (!editableKeys(current.type).includes(key)) {
    throw badRequest(`${prefix}.${key}: ist kein änderbares Feld eines Blocks vom Typ ${current.type}`);
  }
  const content = validateContent(applyChange(current, key, value), prefix);
  if (key === 'jump_to_ids' || key === 'jump_to_question') await rejectUnknownTargets(w, content, prefix);
  if (key === 'filename_db' && content.filename_db !== null) {
    if (!(await mediaExists(w.db, w.survey.id, content.filename_db))) {
      throw badRequest(`${prefix}.filename_db: keine Mediendatei dieses Dialogs`);
    }
  }
  // An option renamed: its stored answers (and a free-text branch's training) follow it.
  await renameOptions(w.db, w.survey.id, row.unique_question_id, current, content, w.now);
  // A Likert scale scored differently: its stored values follow (after the renames, which keep them).
  await rescoreLikert(w.db, w.survey.id, row.unique_question_id, current, content);
  const others =
    key === 'start_page' && content.start_page === 1 ? await clearOtherStartPages(w, row.id) : [];
  return [await writeContent(w, row, content, key !== 'position'), ...others];
}

/** Start and end markers are not blocks; only their graph position can change. */
async function moveMarker(w: Write, markerId: string, key: string, value: unknown) {
  const markers = markersFromRow(w.survey);
  const marker = markers.find((m) => m.id === markerId);
  if (!marker) throw notFound(BLOCK_NOT_FOUND);
  if (key !== 'position') throw badRequest(`changed_values.${key}: Start und Ende haben nur eine Position`);
  const position = positionSchema.safeParse(value);
  if (!position.success) throw validationError('changed_values.position', position.error.issues);
  marker.position = position.data;
  await updateSurvey(w.db, w.survey.id, { structure: JSON.stringify(markers) });
}

/** The node before an insertion point (a block or the start marker), as drawn in the graph. */
async function anchorBefore(w: Write, order: number): Promise<Rect> {
  const previous = order > 1 ? await blockAtOrder(w.db, w.survey.id, order - 1) : undefined;
  return previous ? blockRect(contentFromRow(previous)) : markerRect(markersFromRow(w.survey)[0]!.position);
}

async function insertAt(w: Write, content: BlockContent, id: string, order: number, createdOn: number) {
  await shiftOrders(w.db, w.survey.id, order, 1);
  return insertBlock(w.db, {
    ...columnsFromContent(content),
    unique_question_id: id,
    survey_id: w.survey.id,
    ord: order,
    version: 1,
    created_on: createdOn,
    updated_at: w.now,
  });
}

type ActionResult = { unique_question_id: string; blocks: BlockRow[]; repaired_jumps: JumpRef[] };

async function create(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'create' }>,
): Promise<ActionResult> {
  const count = await countBlocks(w.db, w.survey.id);
  let order: number;
  let anchor: Rect;
  if (req.source_node_id !== undefined) {
    const marker = markersFromRow(w.survey).find((m) => m.id === req.source_node_id);
    if (marker) {
      order = marker.kind === 'start' ? 1 : count + 1;
      // After the end marker means appended: below the last block (the marker follows the blocks).
      anchor = marker.kind === 'start' ? markerRect(marker.position) : await anchorBefore(w, order);
    } else {
      const source = await findBlock(w.db, w.survey.id, req.source_node_id);
      if (!source) throw badRequest(`source_node_id: unbekannter Knoten ${req.source_node_id}`);
      order = source.ord + 1;
      anchor = blockRect(contentFromRow(source));
    }
  } else {
    order = req.order ?? count + 1;
    if (order > count + 1) throw badRequest(`order: höchstens ${count + 1}`);
    anchor = await anchorBefore(w, order);
  }
  const content = await placeNew(w, anchor, defaultBlockContent(req.type) as BlockContent);
  const row = await insertAt(w, content, newBlockId(), order, w.now);
  return { unique_question_id: row.unique_question_id, blocks: [row], repaired_jumps: [] };
}

async function update(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'update' }>,
): Promise<ActionResult> {
  const [key, value] = Object.entries(req.changed_values)[0]!;
  if (isMarkerId(req.unique_question_id)) {
    await moveMarker(w, req.unique_question_id, key, value);
    return { unique_question_id: req.unique_question_id, blocks: [], repaired_jumps: [] };
  }
  const row = await requireBlock(w, req.unique_question_id);
  checkVersion(w, row, req.version);
  const blocks = await changeField(w, row, key, value, 'changed_values');
  return { unique_question_id: row.unique_question_id, blocks, repaired_jumps: [] };
}

/** Sets every jump to the deleted block to null and says which, so undo can put them back. */
async function repairJumpsTo(w: Write, deletedId: string) {
  const blocks: BlockRow[] = [];
  const refs: JumpRef[] = [];
  for (const row of await blocksMentioning(w.db, w.survey.id, deletedId)) {
    const content = contentFromRow(row);
    const own: JumpRef[] = [];
    const jumpIds = content.jump_to_ids.map((id, index) => {
      if (id !== deletedId) return id;
      own.push({ unique_question_id: row.unique_question_id, field: 'jump_to_ids', index });
      return null;
    });
    if (content.jump_to_question === deletedId) {
      own.push({ unique_question_id: row.unique_question_id, field: 'jump_to_question', index: null });
    }
    if (own.length === 0) continue;
    const repaired = {
      ...content,
      jump_to_ids: jumpIds,
      jump_to_question: content.jump_to_question === deletedId ? null : content.jump_to_question,
    };
    blocks.push(await writeContent(w, row, repaired));
    refs.push(...own);
  }
  return { blocks, refs };
}

async function remove(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'delete' }>,
): Promise<ActionResult> {
  const row = await requireBlock(w, req.unique_question_id);
  checkVersion(w, row, req.version);
  await deleteBlock(w.db, row.id);
  await shiftOrders(w.db, w.survey.id, row.ord + 1, -1);
  const { blocks, refs } = await repairJumpsTo(w, row.unique_question_id);
  return { unique_question_id: row.unique_question_id, blocks, repaired_jumps: refs };
}

/** Puts back jumps that a delete set to null, where the slot is still empty. */
async function restoreJumps(w: Write, targetId: string, refs: readonly JumpRef[]): Promise<BlockRow[]> {
  const changed: BlockRow[] = [];
  for (const blockId of new Set(refs.map((r) => r.unique_question_id))) {
    const row = await findBlock(w.db, w.survey.id, blockId);
    if (!row) continue;
    const content = contentFromRow(row);
    const jumpIds = [...content.jump_to_ids];
    let jumpToQuestion = content.jump_to_question;
    for (const ref of refs.filter((r) => r.unique_question_id === blockId)) {
      if (ref.field === 'jump_to_question' && jumpToQuestion === null) jumpToQuestion = targetId;
      if (ref.field === 'jump_to_ids' && ref.index !== null && ref.index < jumpIds.length) {
        if (jumpIds[ref.index] === null) jumpIds[ref.index] = targetId;
      }
    }
    if (
      jumpToQuestion === content.jump_to_question &&
      jumpIds.every((id, i) => id === content.jump_to_ids[i])
    ) {
      continue;
    }
    changed.push(
      await writeContent(w, row, { ...content, jump_to_ids: jumpIds, jump_to_question: jumpToQuestion }),
    );
  }
  return changed;
}

async function recreate(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'recreate' }>,
): Promise<ActionResult> {
  const keys = new Set(editableKeys(req.type));
  const fields = Object.fromEntries(Object.entries(req).filter(([k]) => keys.has(k) && k !== 'type'));
  let content = validateContent({ ...defaultBlockContent(req.type), ...fields, type: req.type }, '');
  content = await dropUnknownTargets(w, content);
  if (content.filename_db !== null && !(await mediaExists(w.db, w.survey.id, content.filename_db))) {
    content = { ...content, filename_db: null };
  }
  const count = await countBlocks(w.db, w.survey.id);
  const order = req.order ?? count + 1;
  if (order > count + 1) throw badRequest(`order: höchstens ${count + 1}`);
  const taken = isMarkerId(req.unique_question_id) || (await blockIdTaken(w.db, req.unique_question_id));
  const id = taken ? newBlockId() : req.unique_question_id;
  // A copy goes below the block before it (its original), not on top of it; a block brought back by
  // undo keeps its place.
  if (taken) content = await placeNew(w, await anchorBefore(w, order), content);
  const row = await insertAt(w, content, id, order, req.created_on ?? w.now);
  const others = content.start_page === 1 ? await clearOtherStartPages(w, row.id) : [];
  const restored = await restoreJumps(w, id, req.restore_jumps ?? []);
  return { unique_question_id: id, blocks: [row, ...others, ...restored], repaired_jumps: [] };
}

async function order(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'order' }>,
): Promise<ActionResult> {
  const row = await requireBlock(w, req.unique_question_id);
  checkVersion(w, row, req.version);
  const count = await countBlocks(w.db, w.survey.id);
  if (req.order > count) throw badRequest(`order: höchstens ${count}`);
  if (req.order === row.ord)
    return { unique_question_id: row.unique_question_id, blocks: [row], repaired_jumps: [] };
  const other = (await blockAtOrder(w.db, w.survey.id, req.order))!;
  const movedOther = await updateBlock(w.db, other.id, { ord: row.ord, updated_at: w.now });
  const moved = await updateBlock(w.db, row.id, { ord: req.order, updated_at: w.now });
  return { unique_question_id: row.unique_question_id, blocks: [moved, movedOther], repaired_jumps: [] };
}

/** Keeps the last written state of each block. */
export function uniqueBlocks(rows: readonly BlockRow[], surveyId: string): Block[] {
  const byId = new Map(rows.map((r) => [r.unique_question_id, r]));
  return [...byId.values()].map((r) => blockFromRow(r, surveyId));
}

/** POST /api/update_survey_blocks (SPEC §7): one action in one transaction. */
export function updateSurveyBlocks(
  ctx: Ctx,
  access: DialogAccess,
  req: UpdateSurveyBlocksRequest,
): Promise<UpdateSurveyBlocksResponse> {
  return writeDialog(ctx, access.survey.id, async (w) => {
    const result =
      req.action === 'create'
        ? await create(w, req)
        : req.action === 'update'
          ? await update(w, req)
          : req.action === 'delete'
            ? await remove(w, req)
            : req.action === 'recreate'
              ? await recreate(w, req)
              : await order(w, req);
    return {
      msg: 'success' as const,
      unique_question_id: result.unique_question_id,
      version: w.survey.version,
      blocks: uniqueBlocks(result.blocks, w.survey.survey_id),
      repaired_jumps: result.repaired_jumps,
    };
  });
}
