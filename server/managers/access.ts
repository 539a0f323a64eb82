import type { Kysely } from 'kysely';
import type { ConnectedSurvey } from '../../contract/managers.ts';
import { type Role, roleAllows } from '../../contract/roles.ts';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { MANAGER_NOT_FOUND, MANAGER_OWNER_ONLY } from './errors.ts';
import { connectedSurveysOf, findManager, type ManagerRow, rolesOn, viewsAnyDialogOf } from './queries.ts';

/**
 * Who may read a manager, and which of its dialogs each reader may know (contract/managers.ts): a
 * manager connection grants nothing on a dialog, so every answer is cut to the caller's own rights.
 */

type Db = Kysely<Database>;

export interface ManagerAccess {
  manager: ManagerRow;
  owner: boolean;
}

/** The owner, or whoever may view one of the manager's dialogs; everybody else gets 404. */
export async function readManager(db: Db, userId: number, id: number): Promise<ManagerAccess> {
  const manager = await findManager(db, id);
  if (!manager) throw notFound(MANAGER_NOT_FOUND);
  if (manager.owner_id === userId) return { manager, owner: true };
  if (await viewsAnyDialogOf(db, id, userId)) return { manager, owner: false };
  throw notFound(MANAGER_NOT_FOUND);
}

export async function ownManager(db: Db, userId: number, id: number): Promise<ManagerAccess> {
  const access = await readManager(db, userId, id);
  if (!access.owner) throw forbidden(MANAGER_OWNER_ONLY);
  return access;
}

export type ConnectedRow = Awaited<ReturnType<typeof connectedSurveysOf>>[number];

/** The internal ids of the dialogs among rows on which the user has a role (she may view them). */
async function viewedBy(db: Db, userId: number, rows: readonly ConnectedRow[]): Promise<Set<number>> {
  const roles = await rolesOn(
    db,
    userId,
    rows.map((r) => r.internal_id),
  );
  return new Set(roles.keys());
}

/**
 * The dialogs of managers that the caller may view, by manager. The ids and names of the others are
 * not hers to see, whether she reads the manager as a member of another of its dialogs or owns it but
 * has lost her access to that dialog (a manager connection grants nothing on the dialog).
 */
export async function connectedByManager(
  db: Db,
  userId: number,
  ids: number[],
): Promise<Map<number, ConnectedSurvey[]>> {
  const rows = await connectedSurveysOf(db, ids);
  const viewed = await viewedBy(db, userId, rows);
  const byManager = new Map<number, ConnectedSurvey[]>();
  for (const r of rows) {
    if (!viewed.has(r.internal_id)) continue;
    const list = byManager.get(r.dialog_manager_id) ?? [];
    list.push({ survey_id: r.survey_id, survey_name: r.survey_name, order: r.order });
    byManager.set(r.dialog_manager_id, list);
  }
  return byManager;
}

/** The role matrix only: a switched-off Bearbeiten module pauses editing for everybody, it ends nobody's access. */
const configures = (role: Role | undefined) => role !== undefined && roleAllows(role, 'configure');

/**
 * The connections of a manager that still work (internal ids): the dialogs its owner may configure.
 * Connecting a dialog needed that right. When it ends (the owner was removed from the dialog or her role
 * lowered) the connection stays until it is detached (update_dialogmanager by the manager's owner,
 * disconnect_dialog from the dialog's side), but it is dormant: it takes no new triggers and shows no
 * blocks, so a manager cannot be used to read or change a dialog its owner may no longer configure. A
 * manager whose owner's account is gone has dormant connections only.
 */
export async function liveConnections(
  db: Db,
  manager: ManagerRow,
  rows: readonly ConnectedRow[],
): Promise<Set<number>> {
  if (manager.owner_id === null) return new Set();
  const roles = await rolesOn(
    db,
    manager.owner_id,
    rows.map((r) => r.internal_id),
  );
  return new Set(rows.filter((r) => configures(roles.get(r.internal_id))).map((r) => r.internal_id));
}

/**
 * The dialogs of a manager whose ids the caller may know (internal ids): those she may view, and, when
 * she may configure a live one, every live one, since get_trigger_targets shows them to her for the
 * trigger form of that dialog.
 */
export async function knownDialogs(
  db: Db,
  userId: number,
  manager: ManagerRow,
  rows: readonly ConnectedRow[],
) {
  const roles = await rolesOn(
    db,
    userId,
    rows.map((r) => r.internal_id),
  );
  const live = await liveConnections(db, manager, rows);
  const known = new Set(roles.keys());
  if ([...live].some((id) => configures(roles.get(id)))) for (const id of live) known.add(id);
  return known;
}
