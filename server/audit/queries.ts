import type { Insertable, Kysely } from 'kysely';
import type { AuditFilter } from '../../contract/audit.ts';
import type { AuditLogTable, Database } from '../db/schema.ts';

/** SQL of the audit log: append and read, nothing else (no call changes an entry). */

type Db = Kysely<Database>;

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/**
 * The dialog an entry names, looked up by its public id before the call runs (it may delete it, or
 * change its version mode).
 */
export function findAuditedDialog(db: Db, publicId: string) {
  return db
    .selectFrom('surveys')
    .select(['id', 'owner_id', 'version_mode'])
    .where('survey_id', '=', publicId)
    .executeTakeFirst();
}

export interface AuditScope {
  /** Only entries of dialogs this account owned when they were written; undefined: every entry. */
  ownerId?: number;
  surveyPublicId?: string;
}

/** Entries newest first; limit undefined reads all (the CSV export, in pages of its own). */
export function selectAuditEntries(db: Db, scope: AuditScope, filter: Partial<AuditFilter>) {
  let q = db.selectFrom('audit_log').selectAll();
  if (scope.ownerId !== undefined) q = q.where('survey_owner_id', '=', scope.ownerId);
  if (scope.surveyPublicId !== undefined) q = q.where('survey_public_id', '=', scope.surveyPublicId);
  if (filter.action !== undefined) q = q.where('action', '=', filter.action);
  if (filter.actor) q = q.where('actor_name', '=', filter.actor);
  if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('at', '<=', filter.to);
  if (filter.before_id !== undefined) q = q.where('id', '<', filter.before_id);
  q = q.orderBy('id', 'desc');
  return filter.limit !== undefined ? q.limit(filter.limit).execute() : q.execute();
}
