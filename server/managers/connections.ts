import type { Kysely } from 'kysely';
import { parseTrigger } from '../../contract/triggers.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, conflict } from '../http/errors.ts';
import { authorizeDialog } from '../sharing/permissions.ts';
import {
  connectedSurveysOf,
  deleteConnections,
  deleteTriggers,
  insertConnections,
  surveysWithManager,
  triggersOf,
  updateConnectionOrder,
} from './queries.ts';

/** Which dialogs a manager has: connecting, reordering and taking them out with their triggers. */

type Db = Kysely<Database>;

/**
 * Takes dialogs out of a manager with the triggers that start in them or point into them: such a
 * trigger would name a dialog the manager no longer has.
 */
export async function removeConnections(
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
export async function setConnections(
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
