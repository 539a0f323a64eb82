import type { Kysely } from 'kysely';
import type { CreateTriggerRequest, TriggerObject } from '../../contract/triggers.ts';
import { parseTrigger } from '../../contract/triggers.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { findBlock } from '../dialogs/queries.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { authorizeDialog, DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { knownDialogs, liveConnections, readManager } from './access.ts';
import { TRIGGER_NOT_FOUND } from './errors.ts';
import {
  connectedSurveysOf,
  deleteTriggers,
  findTrigger,
  insertTrigger,
  setTriggerSecret,
  triggersOf,
  updateManager,
} from './queries.ts';
import { waitCycle } from './wait-cycle.ts';

/** The triggers of a manager (contract/managers.ts): listing, creating, deleting, re-keying. */

type Ctx = Pick<AppContext, 'db' | 'now'>;
type Db = Kysely<Database>;

/** GET /api/get_dialogmanager_trigger/{id}: the triggers whose two dialogs the caller may know. */
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

    const timeout = target.timeout;
    if (timeout) {
      const after = connected.get(timeout.survey_id);
      if (!after)
        throw badRequest(`trigger: ${notUsable('Der Dialog nach der Wartezeit', timeout.survey_id)}`);
      if (!(await findBlock(trx, after.internal_id, timeout.question_id))) {
        throw badRequest(
          `trigger: Die Frage nach der Wartezeit „${timeout.question_id}“ gibt es im Dialog „${after.survey_name}“ nicht`,
        );
      }
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

/** DELETE /api/delete_trigger/{id}. */
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
