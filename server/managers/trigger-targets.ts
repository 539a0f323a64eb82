import { sortConnectedSurveys } from '../../contract/managers.ts';
import { preview, serialize } from '../../contract/text-content.ts';
import type { TriggerTargets } from '../../contract/triggers.ts';
import type { AppContext } from '../context.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { liveConnections } from './access.ts';
import { blocksOfSurveys, connectedSurveysOf, findManager, managerOfSurvey } from './queries.ts';

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
