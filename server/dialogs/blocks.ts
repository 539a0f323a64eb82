import { randomBytes } from 'node:crypto';
import { defaultBlockContent } from '../../contract/block-edits.ts';
import {
  type JumpRef,
  STALE_BLOCK_MSG,
  type UpdateSurveyBlocksRequest,
  type UpdateSurveyBlocksResponse,
} from '../../contract/block-updates.ts';
import { type BlockContent, editableKeys, isMarkerId, positionSchema } from '../../contract/blocks.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { mediaExists } from '../media/queries.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { changeField, clearOtherStartPages } from './block-fields.ts';
import { validateContent, validationError } from './block-validation.ts';
import { uniqueBlocks, type Write, type WriteCtx, writeDialog } from './dialog-write.ts';
import { BLOCK_NOT_FOUND } from './errors.ts';
import { dropUnknownTargets, repairJumpsTo, restoreJumps } from './jumps.ts';
import { anchorBefore, placeNew } from './place-block.ts';
import { blockRect, markerRect, type Rect } from './placement.ts';
import {
  blockAtOrder,
  blockIdTaken,
  countBlocks,
  deleteBlock,
  findBlock,
  insertBlock,
  shiftOrders,
  updateBlock,
  updateSurvey,
} from './queries.ts';
import { type BlockRow, blockFromRow, columnsFromContent, contentFromRow, markersFromRow } from './rows.ts';

export const newBlockId = () => randomBytes(9).toString('base64url');

/**
 * The block a request names, at the version it expects: 404 without it, and 409 with the block as it is
 * now for a stale write (the block changed since the caller loaded it).
 */
async function currentBlock(
  w: Write,
  req: { unique_question_id: string; version?: number },
): Promise<BlockRow> {
  const row = await findBlock(w.db, w.survey.id, req.unique_question_id);
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  if (req.version !== undefined && req.version !== row.version) {
    throw new ApiError(409, ERROR_TITLES.conflict, STALE_BLOCK_MSG, {
      block: blockFromRow(row, w.survey.survey_id),
    });
  }
  return row;
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
  const row = await currentBlock(w, req);
  const blocks = await changeField(w, row, key, value, 'changed_values');
  return { unique_question_id: row.unique_question_id, blocks, repaired_jumps: [] };
}

async function remove(
  w: Write,
  req: Extract<UpdateSurveyBlocksRequest, { action: 'delete' }>,
): Promise<ActionResult> {
  const row = await currentBlock(w, req);
  await deleteBlock(w.db, row.id);
  await shiftOrders(w.db, w.survey.id, row.ord + 1, -1);
  const { blocks, refs } = await repairJumpsTo(w, row.unique_question_id);
  return { unique_question_id: row.unique_question_id, blocks, repaired_jumps: refs };
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
  const row = await currentBlock(w, req);
  const count = await countBlocks(w.db, w.survey.id);
  if (req.order > count) throw badRequest(`order: höchstens ${count}`);
  if (req.order === row.ord)
    return { unique_question_id: row.unique_question_id, blocks: [row], repaired_jumps: [] };
  const other = (await blockAtOrder(w.db, w.survey.id, req.order))!;
  const movedOther = await updateBlock(w.db, other.id, { ord: row.ord, updated_at: w.now });
  const moved = await updateBlock(w.db, row.id, { ord: req.order, updated_at: w.now });
  return { unique_question_id: row.unique_question_id, blocks: [moved, movedOther], repaired_jumps: [] };
}

/** POST /api/update_survey_blocks (SPEC §7): one action in one transaction. */
export function updateSurveyBlocks(
  ctx: WriteCtx,
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
