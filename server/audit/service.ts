import type { AuditAction, AuditEntry, AuditFilter } from '../../contract/audit.ts';
import { isAdmin } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { type AuditScope, findAuditedDialog, insertAuditEntry, selectAuditEntries } from './queries.ts';

/** Who did it and from where; actorId null when no account is known (a failed sign-in of a stranger). */
export interface AuditActor {
  actorId: number | null;
  actorName: string;
  address: string;
}

export interface AuditRecord extends AuditActor {
  action: AuditAction;
  /** The dialog's public id, when the action concerns one. */
  surveyId?: string;
  details?: Record<string, unknown>;
}

/** The dialog of an entry as it is before the action (which may delete it or change its version mode). */
export async function auditedDialog(ctx: Pick<AppContext, 'db'>, publicId: string | undefined) {
  if (publicId === undefined) return undefined;
  const row = await findAuditedDialog(ctx.db, publicId);
  return row ? { id: row.id, ownerId: row.owner_id, publicId, versionMode: row.version_mode } : undefined;
}

export type AuditedDialog = Awaited<ReturnType<typeof auditedDialog>>;

/** Appends an entry; the dialog may be given as looked up before the action (its mode is not needed). */
export async function recordAudit(
  ctx: Pick<AppContext, 'db' | 'now'>,
  record: AuditRecord,
  dialog?: Omit<NonNullable<AuditedDialog>, 'versionMode'>,
): Promise<void> {
  const found = dialog ?? (await auditedDialog(ctx, record.surveyId));
  await insertAuditEntry(ctx.db, {
    at: ctx.now(),
    actor_id: record.actorId,
    actor_name: record.actorName,
    address: record.address,
    action: record.action,
    survey_id: found?.id ?? null,
    survey_public_id: found?.publicId ?? record.surveyId ?? null,
    survey_owner_id: found?.ownerId ?? null,
    details: JSON.stringify(record.details ?? {}),
  });
}

type Row = Awaited<ReturnType<typeof selectAuditEntries>>[number];

function entryOf(row: Row): AuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    address: row.address,
    action: row.action,
    survey_id: row.survey_public_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

/** Admins see every entry, other authors those of the dialogs they own. */
async function scopeOf(ctx: Pick<AppContext, 'db'>, userId: number, surveyId?: string): Promise<AuditScope> {
  const admin = await isAdmin(ctx.db, userId);
  return {
    ...(admin ? {} : { ownerId: userId }),
    ...(surveyId !== undefined ? { surveyPublicId: surveyId } : {}),
  };
}

async function page(ctx: Pick<AppContext, 'db'>, scope: AuditScope, filter: AuditFilter) {
  const rows = await selectAuditEntries(ctx.db, scope, { ...filter, limit: filter.limit + 1 });
  const entries = rows.slice(0, filter.limit).map(entryOf);
  return { entries, next_before_id: rows.length > filter.limit ? (entries.at(-1)?.id ?? null) : null };
}

/** POST /api/audit/list. */
export async function auditLog(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  input: AuditFilter & { survey_id?: string },
) {
  return page(ctx, await scopeOf(ctx, userId, input.survey_id), input);
}

/** POST /api/audit/dialog: the owner's view of one dialog. */
export async function dialogAuditLog(ctx: Pick<AppContext, 'db'>, access: DialogAccess, input: AuditFilter) {
  return page(ctx, { surveyPublicId: access.survey.survey_id }, input);
}

/** POST /api/audit/export: every entry the caller may see that passes the filters. */
export async function auditEntriesForExport(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  input: Omit<AuditFilter, 'limit' | 'before_id'> & { survey_id?: string },
): Promise<AuditEntry[]> {
  const rows = await selectAuditEntries(ctx.db, await scopeOf(ctx, userId, input.survey_id), input);
  return rows.map(entryOf);
}
