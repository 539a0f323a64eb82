import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { resetTriggerSecret } from '../managers/triggers.ts';
import { seedGames } from '../seed/games.ts';

/** The demo game /flow (manager 3), with its waitAPI step, for the multi-process game tests. */
export const FLOW = 3;

/**
 * Seeds the demo games for `ownerId` and gives the flow game's waitAPI trigger a secret: what an outside
 * system needs to call /api/trigger_api/{id}, and the public ids of the game's dialogs to register for.
 */
export async function seedFlowGame(database: DbHandle, ownerId: number) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-dir' });
  const ctx = { db: database.db, now: Date.now, dbKind: database.kind, config };
  await seedGames(ctx, ownerId);
  const trigger = await database.db
    .selectFrom('triggers')
    .select('id')
    .where('dialog_manager_id', '=', FLOW)
    .where('trigger', 'like', 'waitAPI;%')
    .executeTakeFirstOrThrow();
  const surveys = await database.db
    .selectFrom('manager_surveys')
    .innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id')
    .select('surveys.survey_id')
    .where('dialog_manager_id', '=', FLOW)
    .execute();
  return {
    triggerId: trigger.id,
    secret: (await resetTriggerSecret(ctx, ownerId, trigger.id)).api_secret,
    surveyIds: surveys.map((s) => s.survey_id),
  };
}
