import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The internal id and state of a dialog by its public survey_id. */
export function findSurveyRef(db: Kysely<Database>, surveyId: string) {
  return db
    .selectFrom('surveys')
    .select(['id', 'survey_id', 'owner_id', 'active', 'settings'])
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
}
