import { randomBytes } from 'node:crypto';
import { createAuthor, type TestApp } from './app.ts';

/** A dialog row inserted directly, for tests that need one before the dialog calls exist. */
export async function createSurvey(
  t: TestApp,
  overrides: Partial<{ ownerId: number; surveyId: string; name: string; active: boolean }> = {},
) {
  const ownerId = overrides.ownerId ?? (await createAuthor(t)).id;
  const surveyId = overrides.surveyId ?? `survey_${randomBytes(6).toString('hex')}`;
  const row = await t.database.db
    .insertInto('surveys')
    .values({
      survey_id: surveyId,
      owner_id: ownerId,
      survey_name: overrides.name ?? 'Testdialog',
      welcome: '',
      ending: '',
      settings: '{}',
      templ_options: '{}',
      structure: '[]',
      active: overrides.active === false ? 0 : 1,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, surveyId, ownerId };
}
