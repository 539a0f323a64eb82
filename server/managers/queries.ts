import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Role } from '../../contract/roles.ts';
import { deleteById, findById } from '../db/queries.ts';
import type { Database, DialogManagersTable, TriggersTable } from '../db/schema.ts';
import { roleOf } from '../sharing/permissions.ts';
import { surveysWithMembership } from '../sharing/queries.ts';

/** SQL of dialog managers, their dialogs and triggers. `db` may be a transaction. */
type Db = Kysely<Database>;

export type ManagerRow = Selectable<DialogManagersTable>;

export function findManager(db: Db, id: number): Promise<ManagerRow | undefined> {
  return findById(db, 'dialog_managers', id);
}

export function managersOfOwner(db: Db, ownerId: number): Promise<ManagerRow[]> {
  return db.selectFrom('dialog_managers').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
}

/** Which of the given managers exist and belong to this owner. */
export async function ownedManagerIds(db: Db, ownerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('dialog_managers')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertManager(db: Db, values: Insertable<DialogManagersTable>): Promise<ManagerRow> {
  return db.insertInto('dialog_managers').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Writes the manager row at the start of a change. On PostgreSQL the UPDATE takes the row lock, so two
 * changes of one manager (connecting dialogs, marking the start dialog) run one after the other.
 */
export function updateManager(db: Db, id: number, values: Updateable<DialogManagersTable>) {
  return db.updateTable('dialog_managers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteManager(db: Db, id: number) {
  return deleteById(db, 'dialog_managers', id);
}

/** Managers whose additional_dms text mentions an id (a cheap prefilter: callers parse each row). */
export function managersMentioning(db: Db, id: number): Promise<ManagerRow[]> {
  return db.selectFrom('dialog_managers').selectAll().where('additional_dms', 'like', `%${id}%`).execute();
}

/** The links of managers to their dialogs (manager_surveys), with the dialogs' rows. */
export function linkedSurveys(db: Db) {
  return db.selectFrom('manager_surveys').innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id');
}

/** The dialogs of managers, by manager and order, with their public id, name and live flag. */
export function connectedSurveysOf(db: Db, managerIds: number[]) {
  if (managerIds.length === 0) return Promise.resolve([]);
  return linkedSurveys(db)
    .select([
      'manager_surveys.dialog_manager_id',
      'manager_surveys.survey_id as internal_id',
      'surveys.survey_id',
      'surveys.survey_name',
      'surveys.active',
      'manager_surveys.ord as order',
    ])
    .where('manager_surveys.dialog_manager_id', 'in', managerIds)
    .orderBy('manager_surveys.dialog_manager_id')
    .orderBy('manager_surveys.ord')
    .orderBy('surveys.survey_name')
    .execute();
}

/** The manager a dialog (internal id) belongs to, if any. */
export async function managerOfSurvey(db: Db, surveyId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('manager_surveys')
    .select('dialog_manager_id')
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return row?.dialog_manager_id;
}

/** Dialogs by public id with the manager each belongs to (null: none) and that manager's name. */
export function surveysWithManager(db: Db, publicIds: string[]) {
  if (publicIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('surveys')
    .leftJoin('manager_surveys', 'manager_surveys.survey_id', 'surveys.id')
    .leftJoin('dialog_managers', 'dialog_managers.id', 'manager_surveys.dialog_manager_id')
    .select([
      'surveys.id',
      'surveys.survey_id',
      'surveys.survey_name',
      'manager_surveys.dialog_manager_id',
      'dialog_managers.name as manager_name',
    ])
    .where('surveys.survey_id', 'in', publicIds)
    .execute();
}

export function insertConnections(
  db: Db,
  rows: { dialog_manager_id: number; survey_id: number; ord: number }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('manager_surveys').values(rows).execute();
}

export function updateConnectionOrder(db: Db, managerId: number, surveyId: number, ord: number) {
  return db
    .updateTable('manager_surveys')
    .set({ ord })
    .where('dialog_manager_id', '=', managerId)
    .where('survey_id', '=', surveyId)
    .execute();
}

export function deleteConnections(db: Db, managerId: number, surveyIds: number[]) {
  if (surveyIds.length === 0) return Promise.resolve();
  return db
    .deleteFrom('manager_surveys')
    .where('dialog_manager_id', '=', managerId)
    .where('survey_id', 'in', surveyIds)
    .execute();
}

/**
 * The manager links (manager_surveys) of the dialogs the user views: as owner or accepted member (the
 * 'view' need of server/sharing/permissions.ts); through them she may read their managers.
 */
function viewedDialogLinks(db: Db, userId: number) {
  return linkedSurveys(db)
    .leftJoin('members', (join) =>
      join
        .onRef('members.survey_id', '=', 'surveys.id')
        .on('members.user_id', '=', userId)
        .on('members.invite_accepted', '=', 1),
    )
    .where((eb) => eb.or([eb('surveys.owner_id', '=', userId), eb('members.user_id', '=', userId)]));
}

/**
 * The user's role on each of the given dialogs (internal ids) that she owns or is an accepted member
 * of; dialogs missing from the map she may not even view. The rule of server/sharing/permissions.ts
 * (owner by surveys.owner_id, otherwise an accepted members row), for many dialogs in one query.
 */
export async function rolesOn(
  db: Db,
  userId: number,
  surveyIds: readonly number[],
): Promise<Map<number, Role>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await surveysWithMembership(db, userId)
    .select(['surveys.id', 'surveys.owner_id', 'members.role'])
    .where('surveys.id', 'in', [...surveyIds])
    .execute();
  const roles = new Map<number, Role>();
  for (const r of rows) {
    const role = roleOf(r.owner_id, r.role, userId);
    if (role) roles.set(r.id, role);
  }
  return roles;
}

/** Whether the user may read the manager without owning it: she views one of its dialogs. */
export async function viewsAnyDialogOf(db: Db, managerId: number, userId: number): Promise<boolean> {
  const row = await viewedDialogLinks(db, userId)
    .select('surveys.id')
    .where('manager_surveys.dialog_manager_id', '=', managerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Triggers with the row of the dialog each is attached to. */
function triggersWithSurvey(db: Db) {
  return db.selectFrom('triggers').innerJoin('surveys', 'surveys.id', 'triggers.survey_id');
}

/** The triggers of a manager with the public id of the dialog each is attached to. */
export function triggersOf(db: Db, managerId: number) {
  return triggersWithSurvey(db)
    .select([
      'triggers.id',
      'triggers.dialog_manager_id',
      'triggers.survey_id as internal_id',
      'surveys.survey_id',
      'triggers.unique_question_id',
      'triggers.trigger',
      'triggers.init_survey',
    ])
    .where('triggers.dialog_manager_id', '=', managerId)
    .orderBy('triggers.id')
    .execute();
}

/** A trigger with the public id of the dialog it is attached to. */
export function findTrigger(db: Db, id: number) {
  return triggersWithSurvey(db)
    .selectAll('triggers')
    .select('surveys.survey_id as public_survey_id')
    .where('triggers.id', '=', id)
    .executeTakeFirst();
}

export async function insertTrigger(
  db: Db,
  values: Insertable<TriggersTable>,
): Promise<Selectable<TriggersTable>> {
  return db.insertInto('triggers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function setTriggerSecret(db: Db, id: number, secretHash: string) {
  return db.updateTable('triggers').set({ secret_hash: secretHash }).where('id', '=', id).execute();
}

export function deleteTriggers(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.deleteFrom('triggers').where('id', 'in', ids).execute();
}

/**
 * Of the given managers, those the user may read (owns, or views one of their dialogs as owner or
 * accepted member), with their names.
 */
export async function readableManagers(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('dialog_managers')
    .select(['dialog_managers.id', 'dialog_managers.name'])
    .where('dialog_managers.id', 'in', [...ids])
    .where((eb) =>
      eb.or([
        eb('dialog_managers.owner_id', '=', userId),
        eb(
          'dialog_managers.id',
          'in',
          viewedDialogLinks(db, userId).select('manager_surveys.dialog_manager_id'),
        ),
      ]),
    )
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The dialogs the user owns or is an accepted member of that belong to a manager, with that manager's id
 * and name (the user may read such a manager: she views one of its dialogs).
 */
export function managerLinksOfUser(db: Db, userId: number) {
  return viewedDialogLinks(db, userId)
    .innerJoin('dialog_managers', 'dialog_managers.id', 'manager_surveys.dialog_manager_id')
    .select([
      'surveys.survey_id',
      'manager_surveys.dialog_manager_id',
      'dialog_managers.name as manager_name',
    ])
    .orderBy('surveys.survey_id')
    .execute();
}

/** The blocks of dialogs (internal ids) by dialog and order: what a trigger target needs. */
export function blocksOfSurveys(db: Db, surveyIds: readonly number[]) {
  if (surveyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('blocks')
    .select(['survey_id', 'unique_question_id', 'ord', 'type', 'context', 'data'])
    .where('survey_id', 'in', [...surveyIds])
    .orderBy('survey_id')
    .orderBy('ord')
    .execute();
}
