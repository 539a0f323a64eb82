import type { AppContext } from '../context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { MEDIA_NOT_FOUND } from '../media/errors.ts';
import { deleteMedia, findMedia } from '../media/queries.ts';
import { removeMediaFiles } from '../media/store.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { writeDialog } from './dialog-write.ts';
import { blocksUsingMedia } from './queries.ts';

/**
 * POST /api/delete_media. A file still used by a block or the settings is kept (409): deleting it would
 * leave broken images in the chat. A write to the dialog, so no block can take the file up meanwhile.
 */
export async function deleteMediaFile(ctx: AppContext, access: DialogAccess, filename: string) {
  await writeDialog(ctx, access.survey.id, async (w) => {
    const row = await findMedia(w.db, w.survey.id, filename);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    const blocks = await blocksUsingMedia(w.db, w.survey.id, filename);
    const inSettings = [w.survey.settings, w.survey.welcome, w.survey.ending].some((t) =>
      t.includes(filename),
    );
    if (blocks.length > 0 || inSettings) {
      const where = [...blocks.map((b) => `Block ${b.ord}`), ...(inSettings ? ['Einstellungen'] : [])].join(
        ', ',
      );
      throw conflict(`Die Datei wird noch verwendet (${where}). Bitte entfernen Sie sie dort zuerst.`);
    }
    await deleteMedia(w.db, row.id);
  });
  await removeMediaFiles(ctx.config, [filename]);
  return { msg: 'success' as const };
}
