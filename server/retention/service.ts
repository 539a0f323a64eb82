import type { AppContext } from '../context.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { retentionDays, setRetentionDays } from './queries.ts';

/** POST /api/get_retention: how long the dialog's answers are kept (null: until deleted by hand). */
export async function dialogRetention(ctx: Pick<AppContext, 'db'>, access: DialogAccess) {
  return { retention_days: await retentionDays(ctx.db, access.survey.id) };
}

/** POST /api/set_retention (owner): 'Antworten löschen nach N Tagen', or null to keep them. */
export async function setDialogRetention(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
  days: number | null,
) {
  await setRetentionDays(ctx.db, access.survey.id, days);
  return { retention_days: days };
}
