import type { Kysely } from 'kysely';
import type {
  ConnectedSurvey,
  CreateManagerRequest,
  DialogLink,
  Manager,
  ManagerRef,
  ManagerStatusResponse,
  UpdateManagerRequest,
} from '../../contract/managers.ts';
import { sortConnectedSurveys } from '../../contract/managers.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { connectedByManager, ownManager, readManager } from './access.ts';
import { removeConnections, setConnections } from './connections.ts';
import { MANAGER_NOT_FOUND } from './errors.ts';
import {
  deleteManager,
  insertManager,
  type ManagerRow,
  managerLinksOfUser,
  managerOfSurvey,
  managersMentioning,
  managersOfOwner,
  ownedManagerIds,
  readableManagers,
  updateManager,
} from './queries.ts';

/**
 * Dialog managers themselves (contract/managers.ts): listing, reading, creating, changing and deleting
 * them, and a dialog's manager. Their triggers are in triggers.ts, the public game in games.ts.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;
type Db = Kysely<Database>;

/** additional_dms is stored as a JSON list; a damaged value reads as no list rather than failing the call. */
function parseIds(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

/**
 * additional_dms as the caller may see it, with the names of the managers she may open (`names`): the
 * owner gets the stored list, anyone else only the managers she may read herself, so that ids and names
 * of managers she has no access to never reach her.
 */
function additionalOf(row: ManagerRow, owner: boolean, names: ReadonlyMap<number, string>) {
  const stored = parseIds(row.additional_dms);
  const additional_managers: ManagerRef[] = stored.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ dialog_manager_id: id, name }];
  });
  return {
    additional_dms: owner ? stored : additional_managers.map((m) => m.dialog_manager_id),
    additional_managers,
  };
}

function toManager(
  row: ManagerRow,
  connected: ConnectedSurvey[],
  owner: boolean,
  names: ReadonlyMap<number, string>,
): Manager {
  return {
    dialog_manager_id: row.id,
    name: row.name,
    game_title: row.game_title,
    description: row.description,
    favicon: row.favicon,
    meta_image: row.meta_image,
    meta_text: row.meta_text,
    ...additionalOf(row, owner, names),
    connected_surveys: sortConnectedSurveys(connected),
    is_owner: owner,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function loadManager(db: Db, userId: number, row: ManagerRow, owner: boolean): Promise<Manager> {
  const connected = await connectedByManager(db, userId, [row.id]);
  const names = await readableManagers(db, userId, parseIds(row.additional_dms));
  return toManager(row, connected.get(row.id) ?? [], owner, names);
}

/**
 * POST /api/get_dialogmanager_list: the caller's own managers, and the manager links of the dialogs she
 * owns or is a member of (contract/managers.ts).
 */
export async function listManagers(
  ctx: Ctx,
  userId: number,
): Promise<{ dialog_managers: Manager[]; dialog_links: DialogLink[] }> {
  const rows = await managersOfOwner(ctx.db, userId);
  const connected = await connectedByManager(
    ctx.db,
    userId,
    rows.map((r) => r.id),
  );
  // additional_dms names only managers of the same owner: her own list knows them all.
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const links = await managerLinksOfUser(ctx.db, userId);
  return {
    dialog_managers: rows.map((r) => toManager(r, connected.get(r.id) ?? [], true, names)),
    dialog_links: links.map((l) => ({
      survey_id: l.survey_id,
      dialog_manager_id: l.dialog_manager_id,
      manager_name: l.manager_name,
    })),
  };
}

export async function getManager(ctx: Ctx, userId: number, id: number): Promise<Manager> {
  const { manager, owner } = await readManager(ctx.db, userId, id);
  return loadManager(ctx.db, userId, manager, owner);
}

/** additional_dms may name only other managers of the same owner. */
async function checkAdditional(db: Db, userId: number, selfId: number | undefined, ids: number[]) {
  if (selfId !== undefined && ids.includes(selfId)) {
    throw badRequest('additional_dms: darf den Dialog-Manager selbst nicht enthalten');
  }
  const owned = await ownedManagerIds(db, userId, ids);
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign !== undefined) {
    throw badRequest(
      `additional_dms: Den Dialog-Manager ${foreign} gibt es nicht oder er gehört nicht Ihnen`,
    );
  }
}

export async function createManager(ctx: Ctx, userId: number, input: CreateManagerRequest): Promise<Manager> {
  return ctx.db.transaction().execute(async (trx) => {
    await checkAdditional(trx, userId, undefined, input.additional_dms ?? []);
    const now = ctx.now();
    const row = await insertManager(trx, {
      owner_id: userId,
      name: input.name,
      game_title: input.game_title ?? '',
      description: input.description ?? '',
      favicon: input.favicon ?? '',
      meta_image: input.meta_image ?? '',
      meta_text: input.meta_text ?? '',
      additional_dms: JSON.stringify(input.additional_dms ?? []),
      created_at: now,
      updated_at: now,
    });
    if (input.connected_surveys) await setConnections(trx, userId, row.id, input.connected_surveys);
    return loadManager(trx, userId, row, true);
  });
}

export async function updateManagerFields(
  ctx: Ctx,
  userId: number,
  input: UpdateManagerRequest,
): Promise<Manager> {
  const id = input.dialog_manager_id;
  await ownManager(ctx.db, userId, id);
  return ctx.db.transaction().execute(async (trx) => {
    const { dialog_manager_id: _, additional_dms, connected_surveys, ...fields } = input;
    if (additional_dms) await checkAdditional(trx, userId, id, additional_dms);
    const row = await updateManager(trx, id, {
      ...fields,
      ...(additional_dms ? { additional_dms: JSON.stringify(additional_dms) } : {}),
      updated_at: ctx.now(),
    });
    // Deleted by a parallel request after the check above.
    if (!row) throw notFound(MANAGER_NOT_FOUND);
    if (connected_surveys) await setConnections(trx, userId, id, connected_surveys);
    return loadManager(trx, userId, row, true);
  });
}

/** Deletes the manager with its links and triggers (not its dialogs) and drops it from additional_dms lists. */
export async function deleteManagerById(ctx: Ctx, userId: number, id: number) {
  await ownManager(ctx.db, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteManager(trx, id);
    for (const other of await managersMentioning(trx, id)) {
      const ids = parseIds(other.additional_dms);
      if (ids.includes(id)) {
        await updateManager(trx, other.id, { additional_dms: JSON.stringify(ids.filter((x) => x !== id)) });
      }
    }
  });
  return { msg: 'success' as const };
}

/**
 * POST /api/disconnect_dialog: takes a dialog out of the manager it belongs to, whoever owns that
 * manager, with the triggers that touch it (removeConnections). The route asks 'configure' on the
 * dialog, the right that connecting it needs: whoever may put the dialog into a manager may take it out
 * again, also out of the manager of someone who has lost her access to it. Its owner alone would not
 * do: her 'Voller Zugriff' editors may connect it elsewhere but could not free it first; and what
 * detaching may break (another author's game) any configure change of the dialog may break as well.
 * Succeeds also when the dialog belongs to no manager (it is then where the caller wants it).
 */
export async function disconnectDialog(ctx: Ctx, access: DialogAccess) {
  await ctx.db.transaction().execute(async (trx) => {
    const managerId = await managerOfSurvey(trx, access.survey.id);
    if (managerId === undefined) return;
    // Written first, as every change of a manager does, so that a parallel change of it waits.
    await updateManager(trx, managerId, { updated_at: ctx.now() });
    await removeConnections(trx, managerId, [
      { survey_id: access.survey.survey_id, internal_id: access.survey.id },
    ]);
  });
  return { msg: 'success' as const };
}

/** GET /api/find_dialogmanager_status/{survey_id}. */
export async function managerStatus(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
): Promise<ManagerStatusResponse> {
  const managerId = await managerOfSurvey(ctx.db, access.survey.id);
  return {
    msg: 'success',
    connected_status: managerId === undefined ? {} : { dialog_manager_id: managerId },
  };
}

/** GET /api/get_connected_surveys/{id}: only the dialogs the caller may view (connectedByManager). */
export async function connectedSurveys(ctx: Ctx, userId: number, id: number) {
  await readManager(ctx.db, userId, id);
  const connected = await connectedByManager(ctx.db, userId, [id]);
  return { connected_surveys: sortConnectedSurveys(connected.get(id) ?? []) };
}
