import { sql } from 'kysely';
import type { AnalyticsFilters, ManagerSummaryResponse } from '../../contract/analytics.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { authorizeDialog, type SurveyRow } from '../sharing/permissions.ts';
import { sessionFilter } from './filters.ts';
import { surveySummary } from './summary.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;

export const MANAGER_NOT_FOUND = 'Multi-Chat nicht gefunden.';

/**
 * The multi-dialog chat and those of its connected dialogs (in game order) that the caller may analyse.
 * A caller who may analyse none of them gets the same 404 as for a manager that does not exist.
 */
export async function analysableManager(ctx: Ctx, userId: number, managerId: number) {
  const manager = await ctx.db
    .selectFrom('dialog_managers')
    .select(['id', 'name', 'game_title'])
    .where('id', '=', managerId)
    .executeTakeFirst();
  if (!manager) throw notFound(MANAGER_NOT_FOUND);
  const connected = await ctx.db
    .selectFrom('manager_surveys')
    .innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id')
    .select('surveys.survey_id')
    .where('manager_surveys.dialog_manager_id', '=', managerId)
    .orderBy('manager_surveys.ord')
    .execute();
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
  // A session belongs to a participant (live) or to an author (test), never both.
  const players = sql<number>`count(distinct s.participant_id) + count(distinct s.user_id)`;
  const total = await ctx.db
    .selectFrom('chat_sessions as s')
    .select(players.as('n'))
    .where(sessionFilter(ids, f))
    .executeTakeFirstOrThrow();
  const perDialog = await ctx.db
    .selectFrom('chat_sessions as s')
    .select([
      's.survey_id',
      players.as('started'),
      sql<number>`count(distinct case when s.finished_at is not null then s.participant_id end)
        + count(distinct case when s.finished_at is not null then s.user_id end)`.as('finished'),
    ])
    .where(sessionFilter(ids, f))
    .groupBy('s.survey_id')
    .execute();
  const progress = new Map(perDialog.map((r) => [r.survey_id, r]));
  const dialogs = [];
  for (const survey of surveys) dialogs.push(await surveySummary(ctx, survey, f));
  return {
    dialog_manager_id: manager.id,
    name: manager.name,
    game_title: manager.game_title,
    players: Number(total.n),
    progress: surveys.map((s) => ({
      survey_id: s.survey_id,
      survey_name: s.survey_name,
      started: Number(progress.get(s.id)?.started ?? 0),
      finished: Number(progress.get(s.id)?.finished ?? 0),
    })),
    dialogs,
  };
}
