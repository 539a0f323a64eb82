import type { Kysely } from 'kysely';
import type {
  ConnectedSurvey,
  CreateManagerRequest,
  CreateTriggerRequest,
  DialogLink,
  GameAlias,
  GameMeta,
  Manager,
  ManagerRef,
  ManagerStatusResponse,
  TriggerObject,
  TriggerTargets,
  UpdateManagerRequest,
} from '../../contract/managers.ts';
import { parseTrigger, sortConnectedSurveys } from '../../contract/managers.ts';
import { type Role, roleAllows } from '../../contract/roles.ts';
import { preview, serialize } from '../../contract/text-content.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { findBlock } from '../dialogs/queries.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { authorizeDialog, DIALOG_NOT_FOUND, type DialogAccess } from '../sharing/permissions.ts';
import {
  blocksOfSurveys,
  connectedSurveysOf,
  deleteConnections,
  deleteManager,
  deleteTriggers,
  findManager,
  findTrigger,
  insertConnections,
  insertManager,
  insertTrigger,
  type ManagerRow,
  managerLinksOfUser,
  managerOfSurvey,
  managersMentioning,
  managersOfOwner,
  ownedManagerIds,
  readableManagers,
  rolesOn,
  setTriggerSecret,
  surveysWithManager,
  triggersOf,
  updateConnectionOrder,
  updateManager,
  viewsAnyDialogOf,
} from './queries.ts';
import { waitCycle } from './wait-cycle.ts';

/** Rules of dialog managers and triggers; the contract (contract/managers.ts) describes them. */

type Ctx = Pick<AppContext, 'db' | 'now'>;
type Db = Kysely<Database>;

export const MANAGER_NOT_FOUND = 'Dialog-Manager nicht gefunden.';
export const MANAGER_OWNER_ONLY = 'Das kann nur der Besitzer des Dialog-Managers.';
export const TRIGGER_NOT_FOUND = 'Trigger nicht gefunden.';

interface ManagerAccess {
  manager: ManagerRow;
  owner: boolean;
}

/** The owner, or whoever may view one of the manager's dialogs; everybody else gets 404. */
async function readManager(db: Db, userId: number, id: number): Promise<ManagerAccess> {
  const manager = await findManager(db, id);
  if (!manager) throw notFound(MANAGER_NOT_FOUND);
  if (manager.owner_id === userId) return { manager, owner: true };
  if (await viewsAnyDialogOf(db, id, userId)) return { manager, owner: false };
  throw notFound(MANAGER_NOT_FOUND);
}

async function ownManager(db: Db, userId: number, id: number): Promise<ManagerAccess> {
  const access = await readManager(db, userId, id);
  if (!access.owner) throw forbidden(MANAGER_OWNER_ONLY);
  return access;
}

/** additional_dms is stored as a JSON list; a damaged value reads as no list rather than failing the call. */
function parseIds(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

type ConnectedRow = Awaited<ReturnType<typeof connectedSurveysOf>>[number];

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
async function connectedByManager(
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
async function liveConnections(
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
async function knownDialogs(db: Db, userId: number, manager: ManagerRow, rows: readonly ConnectedRow[]) {
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

// ---------------------------------------------------------------- managers

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

/**
 * Takes dialogs out of a manager with the triggers that start in them or point into them: such a
 * trigger would name a dialog the manager no longer has.
 */
async function removeConnections(
  db: Db,
  managerId: number,
  removed: readonly { survey_id: string; internal_id: number }[],
) {
  if (removed.length === 0) return;
  const gone = new Set(removed.map((r) => r.survey_id));
  const touching = (await triggersOf(db, managerId)).filter((t) => {
    const parsed = parseTrigger(t.trigger);
    return gone.has(t.survey_id) || (parsed.ok && gone.has(parsed.trigger.survey_id));
  });
  await deleteTriggers(
    db,
    touching.map((t) => t.id),
  );
  await deleteConnections(
    db,
    managerId,
    removed.map((r) => r.internal_id),
  );
}

/**
 * Makes the manager's dialogs exactly `wanted`: new ones need 'configure' and must not belong to another
 * manager (409: a dialog is never moved silently); removed ones take the triggers that start in them or
 * point into them along; kept ones get their new order.
 */
async function setConnections(
  db: Db,
  userId: number,
  managerId: number,
  wanted: readonly { survey_id: string; order: number }[],
) {
  const current = new Map((await connectedSurveysOf(db, [managerId])).map((c) => [c.survey_id, c]));
  const wantedIds = new Set(wanted.map((w) => w.survey_id));
  const removed = [...current.values()].filter((c) => !wantedIds.has(c.survey_id));
  const added = wanted.filter((w) => !current.has(w.survey_id));

  for (const w of added) {
    try {
      await authorizeDialog({ db }, userId, w.survey_id, 'configure');
    } catch (error) {
      if (error instanceof ApiError) {
        throw new ApiError(error.status, error.title, `connected_surveys: ${w.survey_id}: ${error.msg}`);
      }
      throw error;
    }
  }
  const rows = await surveysWithManager(
    db,
    added.map((w) => w.survey_id),
  );
  const taken = rows.find((r) => r.dialog_manager_id !== null);
  if (taken) {
    // The other manager is not named: it may belong to someone else, whose manager the caller may not
    // know. Whoever may connect the dialog (configure, checked above) may take it out there herself.
    throw conflict(
      `connected_surveys: Der Dialog „${taken.survey_name}“ gehört schon zu einem anderen Dialog-Manager. ` +
        'Ein Dialog kann nur zu einem Dialog-Manager gehören: lösen Sie ihn dort zuerst (disconnect_dialog).',
    );
  }

  await removeConnections(db, managerId, removed);
  for (const w of wanted) {
    const kept = current.get(w.survey_id);
    if (kept && kept.order !== w.order) await updateConnectionOrder(db, managerId, kept.internal_id, w.order);
  }
  const internal = new Map(rows.map((r) => [r.survey_id, r.id]));
  await insertConnections(
    db,
    added.map((w) => ({ dialog_manager_id: managerId, survey_id: internal.get(w.survey_id)!, ord: w.order })),
  );
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

// ---------------------------------------------------------------- SPEC §7 reads

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

export async function listTriggers(
  ctx: Ctx,
  userId: number,
  id: number,
): Promise<{ trigger_objects: TriggerObject[] }> {
  const { manager } = await readManager(ctx.db, userId, id);
  const connected = await connectedSurveysOf(ctx.db, [id]);
  const known = await knownDialogs(ctx.db, userId, manager, connected);
  const internal = new Map(connected.map((c) => [c.survey_id, c.internal_id]));
  // A trigger names two dialogs, its own and its target's: it is listed when the caller may know both. A
  // target outside the manager (a deleted dialog, a damaged string) names none of its dialogs.
  const shown = (t: { internal_id: number; trigger: string }) => {
    const parsed = parseTrigger(t.trigger);
    const target = parsed.ok ? internal.get(parsed.trigger.survey_id) : undefined;
    return known.has(t.internal_id) && (target === undefined || known.has(target));
  };
  const rows = (await triggersOf(ctx.db, id)).filter(shown);
  return {
    trigger_objects: rows.map((r) => ({
      id: r.id,
      dialog_manager_id: r.dialog_manager_id,
      survey_id: r.survey_id,
      unique_question_id: r.unique_question_id,
      trigger: r.trigger,
      init_survey: r.init_survey === 1,
    })),
  };
}

/** The short_name of a block's data column ('' when missing or damaged). */
function shortNameOf(data: string): string {
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && 'short_name' in value && typeof value.short_name === 'string') {
      return value.short_name;
    }
  } catch {
    // A damaged data column names no short_name.
  }
  return '';
}

/**
 * GET /api/get_trigger_targets/{survey_id}: the caller has 'configure' on the dialog (the route's guard),
 * so she may attach triggers to it: the block ids and titles of the live dialogs of its manager.
 */
export async function triggerTargets(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
): Promise<TriggerTargets> {
  const managerId = await managerOfSurvey(ctx.db, access.survey.id);
  const manager = managerId === undefined ? undefined : await findManager(ctx.db, managerId);
  if (!manager) return { dialog_manager_id: null, dialogs: [] };
  const all = await connectedSurveysOf(ctx.db, [manager.id]);
  const live = await liveConnections(ctx.db, manager, all);
  // Through a dormant connection nothing is offered: it takes no triggers, and it does not show the
  // blocks of the manager's other dialogs either.
  const connected = live.has(access.survey.id) ? all.filter((c) => live.has(c.internal_id)) : [];
  const blocks = await blocksOfSurveys(
    ctx.db,
    connected.map((c) => c.internal_id),
  );
  const bySurvey = new Map<number, TriggerTargets['dialogs'][number]['blocks']>();
  for (const b of blocks) {
    const cut = preview(b.context);
    const list = bySurvey.get(b.survey_id) ?? [];
    list.push({
      unique_question_id: b.unique_question_id,
      order: b.ord,
      type: b.type,
      short_name: shortNameOf(b.data),
      preview: serialize(cut.items),
      truncated: cut.truncated,
    });
    bySurvey.set(b.survey_id, list);
  }
  const internal = new Map(connected.map((c) => [c.survey_id, c.internal_id]));
  const dialogs = sortConnectedSurveys(connected).map((c) => ({
    survey_id: c.survey_id,
    survey_name: c.survey_name,
    order: c.order,
    blocks: bySurvey.get(internal.get(c.survey_id)!) ?? [],
  }));
  return { dialog_manager_id: manager.id, dialogs };
}

/** Public: the game's page head (title, description, favicon, social preview). */
/** A fixed game's alias resolves to its configured manager id (SPEC §9). */
export function gameManagerId(
  config: Pick<Config, 'MULTICHAT_FLOW_ID' | 'MULTICHAT_AUFDERFLUCHT_ID'>,
  id: number | GameAlias,
) {
  if (id === 'flow') return config.MULTICHAT_FLOW_ID;
  if (id === 'aufderflucht') return config.MULTICHAT_AUFDERFLUCHT_ID;
  return id;
}

export async function gameMeta(
  ctx: Pick<AppContext, 'db' | 'config'>,
  id: number | GameAlias,
): Promise<GameMeta> {
  const row = await findManager(ctx.db, gameManagerId(ctx.config, id));
  if (!row) throw notFound(MANAGER_NOT_FOUND);
  const connected = await connectedSurveysOf(ctx.db, [row.id]);
  // The game calls refuse a game with a dialog that is not live, so nobody may play it; its dialog ids
  // stay unpublished: with them the public dialog calls (get_config, get_privacy_declaration) would
  // name drafts. The page says that the game is not active.
  const active = connected.every((c) => c.active === 1);
  return {
    dialog_manager_id: row.id,
    game_title: row.game_title,
    description: row.description,
    favicon: row.favicon,
    meta_image: row.meta_image,
    meta_text: row.meta_text,
    active,
    survey_ids: active ? connected.map((c) => c.survey_id) : [],
    media_base_url: ctx.config.GAME_MEDIA_BASE_URL ?? null,
  };
}

// ---------------------------------------------------------------- triggers

/**
 * Who may change the triggers of a dialog in a manager: whoever has 'configure' on that dialog (its
 * configurator graph edits them), the manager's owner too, since owning the manager grants nothing on
 * its dialogs: her right on a dialog may have ended since she connected it. Callers who may not even
 * see the dialog get `hidden` (404), as for dialogs.
 */
async function checkTriggerEditor(db: Db, userId: number, surveyId: string, hidden: string) {
  try {
    await authorizeDialog({ db }, userId, surveyId, 'configure');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(hidden);
    throw error;
  }
}

/** A trigger's dialog that is not one of the manager's live connections (a dormant one counts as none). */
const notUsable = (what: string, surveyId: string) =>
  `${what} „${surveyId}“ gehört nicht zu diesem Dialog-Manager (oder dessen Besitzer darf ihn nicht mehr bearbeiten)`;

/** POST /api/create_trigger: validates every reference, then stores; answers 201 with the trigger. */
export async function createTrigger(ctx: Ctx, userId: number, input: CreateTriggerRequest) {
  const parsed = parseTrigger(input.trigger);
  if (!parsed.ok) throw badRequest(`trigger: ${parsed.error}`);
  const target = parsed.trigger;
  const { manager } = await readManager(ctx.db, userId, input.dialog_manager_id);
  // The caller may read the manager: a dialog it may not see is named as such, with the field.
  await checkTriggerEditor(ctx.db, userId, input.survey_id, `survey_id: ${DIALOG_NOT_FOUND}`);

  return ctx.db.transaction().execute(async (trx) => {
    // Taken first, so that two requests cannot both mark a different start dialog.
    await updateManager(trx, manager.id, { updated_at: ctx.now() });
    const all = await connectedSurveysOf(trx, [manager.id]);
    // Both ends must be live connections (liveConnections): for the manager's owner that is her own
    // configure right on the target as well; an editor of the source may point into the manager's
    // other dialogs as long as its owner may still configure them (get_trigger_targets offers those).
    const live = await liveConnections(trx, manager, all);
    const connected = new Map(all.filter((c) => live.has(c.internal_id)).map((c) => [c.survey_id, c]));
    const source = connected.get(input.survey_id);
    if (!source) throw badRequest(`survey_id: ${notUsable('Der Dialog', input.survey_id)}`);
    if (!(await findBlock(trx, source.internal_id, input.unique_question_id))) {
      throw badRequest(
        `unique_question_id: Die Frage „${input.unique_question_id}“ gibt es im Dialog „${source.survey_name}“ nicht`,
      );
    }
    const goal = connected.get(target.survey_id);
    if (!goal) throw badRequest(`trigger: ${notUsable('Der Ziel-Dialog', target.survey_id)}`);
    if (target.type !== 'waitAPI' && goal.internal_id === source.internal_id) {
      throw badRequest(`trigger: Das Ziel von ${target.type} muss eine Frage eines anderen Dialogs sein`);
    }
    if (!(await findBlock(trx, goal.internal_id, target.question_id))) {
      throw badRequest(
        `trigger: Die Ziel-Frage „${target.question_id}“ gibt es im Dialog „${goal.survey_name}“ nicht`,
      );
    }

    const existing = await triggersOf(trx, manager.id);
    const sameBlock = existing.filter(
      (t) => t.internal_id === source.internal_id && t.unique_question_id === input.unique_question_id,
    );
    if (sameBlock.some((t) => t.trigger === input.trigger)) throw conflict('Diesen Trigger gibt es schon.');
    const continues = (trigger: string) => {
      const p = parseTrigger(trigger);
      return p.ok && p.trigger.type !== 'waitFor';
    };
    if (continues(input.trigger) && sameBlock.some((t) => continues(t.trigger))) {
      throw conflict(
        `Die Frage „${input.unique_question_id}“ hat schon einen moveTo- oder waitAPI-Trigger: ` +
          'nach einer Frage kann der Chat nur an einer Stelle weitergehen.',
      );
    }
    const loop = waitCycle(existing, input);
    if (loop) {
      throw conflict(
        `trigger: Die Fragen ${loop.map((b) => `„${b}“`).join(', ')} würden aufeinander warten, und das ` +
          'Spiel käme dort nie weiter.',
      );
    }
    if (input.init_survey) {
      const start = existing.find((t) => t.init_survey === 1 && t.internal_id !== source.internal_id);
      if (start) {
        // A dormant start dialog is not named: the caller may not know it.
        const name = [...connected.values()].find((c) => c.internal_id === start.internal_id)?.survey_name;
        const dialog = name === undefined ? 'einem anderen Dialog' : `dem Dialog „${name}“`;
        throw conflict(
          `init_survey: Das Spiel startet schon mit ${dialog}. Ein Dialog-Manager hat höchstens einen Start-Dialog.`,
        );
      }
    }

    const secret = target.type === 'waitAPI' ? newOpaqueToken() : undefined;
    const row = await insertTrigger(trx, {
      dialog_manager_id: manager.id,
      survey_id: source.internal_id,
      unique_question_id: input.unique_question_id,
      trigger: input.trigger,
      init_survey: input.init_survey ? 1 : 0,
      secret_hash: secret === undefined ? null : hashOpaqueToken(secret),
      created_at: ctx.now(),
    });
    const created: TriggerObject & { api_secret?: string } = {
      id: row.id,
      dialog_manager_id: row.dialog_manager_id,
      survey_id: input.survey_id,
      unique_question_id: row.unique_question_id,
      trigger: row.trigger,
      init_survey: row.init_survey === 1,
    };
    if (secret !== undefined) created.api_secret = secret;
    return created;
  });
}

async function editableTrigger(db: Db, userId: number, id: number) {
  const trigger = await findTrigger(db, id);
  if (!trigger) throw notFound(TRIGGER_NOT_FOUND);
  await checkTriggerEditor(db, userId, trigger.public_survey_id, TRIGGER_NOT_FOUND);
  return trigger;
}

export async function deleteTrigger(ctx: Ctx, userId: number, id: number) {
  const trigger = await editableTrigger(ctx.db, userId, id);
  await deleteTriggers(ctx.db, [trigger.id]);
  return { msg: 'success' as const };
}

/** A new inbound secret for a waitAPI trigger; only its hash is stored, so the old one stops working. */
export async function resetTriggerSecret(ctx: Ctx, userId: number, id: number) {
  const trigger = await editableTrigger(ctx.db, userId, id);
  const parsed = parseTrigger(trigger.trigger);
  if (!parsed.ok || parsed.trigger.type !== 'waitAPI') {
    throw badRequest('id: Nur waitAPI-Trigger haben ein Geheimnis');
  }
  const secret = newOpaqueToken();
  await setTriggerSecret(ctx.db, trigger.id, hashOpaqueToken(secret));
  return { id: trigger.id, api_secret: secret };
}
