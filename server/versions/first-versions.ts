import type { AppContext } from '../context.ts';
import { findSurveyById } from '../dialogs/queries.ts';
import { attachUnversionedSessions, dialogsWithoutVersions } from './queries.ts';
import { versionOf, workingContent } from './snapshot.ts';

/**
 * The data half of migration 0022, run when the server starts (a snapshot needs the code that reads a
 * dialog as chats see it, which a frozen migration must not import): each dialog without a version gets
 * its current content as version 1, and its sessions are attached to it. Idempotent, and safe when
 * several processes start at once (a version's hash and number are unique per dialog).
 */
export async function attachFirstVersions(ctx: Pick<AppContext, 'db' | 'now'>): Promise<void> {
  for (const { id } of await dialogsWithoutVersions(ctx.db)) {
    await ctx.db.transaction().execute(async (db) => {
      const survey = await findSurveyById(db, id);
      const { row } = await versionOf(db, id, await workingContent(db, survey), {
        userId: null,
        now: ctx.now(),
      });
      await attachUnversionedSessions(db, id, row.id);
    });
  }
}
