import type { JumpRef } from '../../contract/block-updates.ts';
import { type BlockContent, endNodeId, LIMITS } from '../../contract/blocks.ts';
import { badRequest } from '../http/errors.ts';
import { type Write, writeContent } from './dialog-write.ts';
import { blocksMentioning, existingBlockIds, findBlock } from './queries.ts';
import { type BlockRow, contentFromRow } from './rows.ts';

/**
 * Jumps between blocks: a jump must name a block of the dialog or its end marker; deleting a block sets
 * the jumps to it to null and says which, so undo can put them back.
 */

function jumpTargets(content: BlockContent): string[] {
  return [
    ...content.jump_to_ids,
    content.jump_to_question,
    ...content.field_jumps.map((j) => j.target),
  ].filter((id): id is string => id !== null);
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

export async function rejectUnknownTargets(w: Write, content: BlockContent, prefix: string) {
  const ok = await validTargets(w, content);
  content.jump_to_ids.forEach((id, i) => {
    if (id !== null && !ok(id)) throw badRequest(`${prefix}.jump_to_ids.${i}: unbekanntes Ziel ${id}`);
  });
  if (content.jump_to_question !== null && !ok(content.jump_to_question)) {
    throw badRequest(`${prefix}.jump_to_question: unbekanntes Ziel ${content.jump_to_question}`);
  }
  content.field_jumps.forEach((j, i) => {
    if (!ok(j.target)) throw badRequest(`${prefix}.field_jumps.${i}.target: unbekanntes Ziel ${j.target}`);
  });
}

/** Recreate drops jumps to blocks that are gone, as deleting those blocks would have done. */
export async function dropUnknownTargets(w: Write, content: BlockContent): Promise<BlockContent> {
  const ok = await validTargets(w, content);
  const keep = (id: string | null) => (id !== null && ok(id) ? id : null);
  return {
    ...content,
    jump_to_ids: content.jump_to_ids.map(keep),
    jump_to_question: keep(content.jump_to_question),
    field_jumps: content.field_jumps.filter((j) => ok(j.target)),
  };
}

/**
 * Sets every jump to the deleted block to null (removes a rule on a hidden field that led there) and
 * says which, so undo can put them back.
 */
export async function repairJumpsTo(w: Write, deletedId: string) {
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
    content.field_jumps.forEach((j, index) => {
      if (j.target !== deletedId) return;
      const rule = { field: j.field, value: j.value };
      own.push({ unique_question_id: row.unique_question_id, field: 'field_jumps', index, rule });
    });
    if (own.length === 0) continue;
    const repaired = {
      ...content,
      jump_to_ids: jumpIds,
      jump_to_question: content.jump_to_question === deletedId ? null : content.jump_to_question,
      field_jumps: content.field_jumps.filter((j) => j.target !== deletedId),
    };
    blocks.push(await writeContent(w, row, repaired));
    refs.push(...own);
  }
  return { blocks, refs };
}

/** Puts back jumps that a delete set to null, where the slot is still empty. */
export async function restoreJumps(
  w: Write,
  targetId: string,
  refs: readonly JumpRef[],
): Promise<BlockRow[]> {
  const changed: BlockRow[] = [];
  for (const blockId of new Set(refs.map((r) => r.unique_question_id))) {
    const row = await findBlock(w.db, w.survey.id, blockId);
    if (!row) continue;
    const content = contentFromRow(row);
    const jumpIds = [...content.jump_to_ids];
    let jumpToQuestion = content.jump_to_question;
    const rules = [...content.field_jumps];
    for (const ref of refs.filter((r) => r.unique_question_id === blockId)) {
      if (ref.field === 'jump_to_question' && jumpToQuestion === null) jumpToQuestion = targetId;
      if (ref.field === 'jump_to_ids' && ref.index !== null && ref.index < jumpIds.length) {
        if (jumpIds[ref.index] === null) jumpIds[ref.index] = targetId;
      }
      // Removed rules go back in their place (refs come in the order they were taken out).
      if (ref.field === 'field_jumps' && ref.rule && rules.length < LIMITS.fieldJumps) {
        rules.splice(Math.min(ref.index ?? rules.length, rules.length), 0, { ...ref.rule, target: targetId });
      }
    }
    if (
      jumpToQuestion === content.jump_to_question &&
      jumpIds.every((id, i) => id === content.jump_to_ids[i]) &&
      rules.length === content.field_jumps.length
    ) {
      continue;
    }
    changed.push(
      await writeContent(w, row, {
        ...content,
        jump_to_ids: jumpIds,
        jump_to_question: jumpToQuestion,
        field_jumps: rules,
      }),
    );
  }
  return changed;
}
