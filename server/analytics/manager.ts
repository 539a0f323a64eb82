import type { AnalyticsFilters, ManagerSummaryResponse } from '../../contract/analytics.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { connectedSurveysOf, findManager } from '../managers/queries.ts';
import { authorizeDialog, type SurveyRow } from '../sharing/permissions.ts';
import { MANAGER_NOT_FOUND } from './errors.ts';
import { playerCounts } from './queries/players.ts';
import { surveySummary } from './summary.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;

/**
 * The multi-dialog chat and those of its connected dialogs (in game order) that the caller may analyse.
 * A caller who may analyse none of them gets the same 404 as for a manager that does not exist.
 */
export async function analysableManager(ctx: Ctx, userId: number, managerId: number) {
  const manager = await findManager(ctx.db, managerId);
  if (!manager) throw notFound(MANAGER_NOT_FOUND);
  const connected = await connectedSurveysOf(ctx.db, [managerId]);
  const surveys: SurveyRow[] = [];
  for (const { survey_id } of connected) {
    try {
      surveys.push((await authorizeDialog(ctx, userId, survey_id, 'analyse')).survey);
    } catch (error) {
      // A dialog the caller may not analyse is left out, whatever the reason (not a member, role, flag).
      if (!(error instanceof ApiError)) throw error;
    }
  }
  if (surveys.length === 0) throw notFound(MANAGER_NOT_FOUND);
  return { manager, surveys };
}

/**
 * POST /api/analytics/multichat_summary: players (distinct participants, or authors in test chats, over
 * the included dialogs' filtered sessions), how many of them started and finished each dialog, and each
 * dialog's summary.
 */
export async function managerSummary(
  ctx: Ctx,
  userId: number,
  managerId: number,
  f: AnalyticsFilters,
): Promise<ManagerSummaryResponse> {
  const { manager, surveys } = await analysableManager(ctx, userId, managerId);
  const ids = surveys.map((s) => s.id);
  const { total, perDialog } = await playerCounts(ctx.db, ids, f);
  const progress = new Map(perDialog.map((r) => [r.survey_id, r]));
  const dialogs = [];
  for (const survey of surveys) dialogs.push(await surveySummary(ctx, survey, f));
  return {
    dialog_manager_id: manager.id,
    name: manager.name,
    game_title: manager.game_title,
    players: total,
    progress: surveys.map((s) => ({
      survey_id: s.survey_id,
      survey_name: s.survey_name,
      started: Number(progress.get(s.id)?.started ?? 0),
      finished: Number(progress.get(s.id)?.finished ?? 0),
    })),
    dialogs,
  };
}
