import type { RestoreVersionResponse } from '../../contract/versions.ts';
import type { AppContext } from '../context.ts';
import { writeDialog } from '../dialogs/dialog-write.ts';
import { deleteBlock, insertBlock, listBlocks, updateBlock, updateSurvey } from '../dialogs/queries.ts';
import { notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import type { VersionContent } from './content.ts';
import { VERSION_NOT_FOUND } from './errors.ts';
import { replaceExitConditions, versionByNumber } from './queries.ts';
import { publicState, stateOf } from './service.ts';
import { versionOf, workingContent } from './snapshot.ts';

/**
 * POST /api/restore_version ('Wiederherstellen'): a version's content becomes the working copy (the
 * draft in 'publish' mode, what new chats get in 'direct' mode). The working copy as it was is kept as a
 * version first, undo_version: restoring that one undoes the restore. Blocks keep their ids, so answers
 * stay attached; a restored block's edit counter goes up, so an editor holding the old one gets the 409
 * of a stale edit. What a version cannot bring back stays as it is: a block's training (its newest model
 * routes the working copy) and uploaded files deleted since.
 */
export function restoreVersion(
  ctx: AppContext,
  access: DialogAccess,
  number: number,
): Promise<RestoreVersionResponse> {
  return writeDialog(ctx, access.survey.id, async (w) => {
    const target = await versionByNumber(w.db, w.survey.id, number);
    if (!target) throw notFound(VERSION_NOT_FOUND(number));
    const before = await versionOf(w.db, w.survey.id, await workingContent(w.db, w.survey), {
      userId: access.userId,
      now: w.now,
    });
    const content = JSON.parse(target.content) as VersionContent;
    const rows = new Map((await listBlocks(w.db, w.survey.id)).map((r) => [r.unique_question_id, r]));
    for (const block of content.blocks) {
      const row = rows.get(block.unique_question_id);
      if (row) await updateBlock(w.db, row.id, { ...block, version: row.version + 1, updated_at: w.now });
      else {
        await insertBlock(w.db, {
          ...block,
          survey_id: w.survey.id,
          version: 1,
          created_on: w.now,
          updated_at: w.now,
        });
      }
      rows.delete(block.unique_question_id);
    }
    for (const gone of rows.values()) await deleteBlock(w.db, gone.id);
    await replaceExitConditions(w.db, w.survey.id, content.exit_conditions, w.now);
    const texts = {
      survey_name: content.survey_name,
      welcome: content.welcome,
      ending: content.ending,
      settings: content.settings,
    };
    await updateSurvey(w.db, w.survey.id, texts);
    const state = await stateOf(w.db, { ...w.survey, ...texts });
    return { ...publicState(state), restored: number, undo_version: before.row.number };
  });
}
