import { applyChange } from '../../contract/block-edits.ts';
import { editableKeys } from '../../contract/blocks.ts';
import { badRequest } from '../http/errors.ts';
import { mediaExists } from '../media/queries.ts';
import { validateContent } from './block-validation.ts';
import { type Write, writeContent } from './dialog-write.ts';
import { rejectUnknownTargets } from './jumps.ts';
import { blocksMentioning } from './queries.ts';
import { renameOptions } from './rename-options.ts';
import { rescoreLikert } from './rescore-likert.ts';
import { type BlockRow, contentFromRow } from './rows.ts';

/** At most one block is the start page: setting it on one clears it on the others. */
export async function clearOtherStartPages(w: Write, keepRowId: number): Promise<BlockRow[]> {
  const changed: BlockRow[] = [];
  for (const row of await blocksMentioning(w.db, w.survey.id, '"start_page":1')) {
    const content = contentFromRow(row);
    if (row.id === keepRowId || content.start_page !== 1) continue;
    changed.push(await writeContent(w, row, { ...content, start_page: 0 }));
  }
  return changed;
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
  if (key === 'jump_to_ids' || key === 'jump_to_question' || key === 'field_jumps') {
    await rejectUnknownTargets(w, content, prefix);
  }
  if (key === 'filename_db' && content.filename_db !== null) {
    if (!(await mediaExists(w.db, w.survey.id, content.filename_db))) {
      throw badRequest(`${prefix}.filename_db: keine Mediendatei dieses Dialogs`);
    }
  }
  // An option renamed: its stored answers (and a free-text branch's training) follow it.
  await renameOptions(w, row.unique_question_id, current, content);
  // A Likert scale scored differently: its stored values follow (after the renames, which keep them).
  await rescoreLikert(w.db, w.survey.id, row.unique_question_id, current, content);
  const others =
    key === 'start_page' && content.start_page === 1 ? await clearOtherStartPages(w, row.id) : [];
  return [await writeContent(w, row, content, key !== 'position'), ...others];
}
