import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of the page heads: a game's own title and preview, a public dialog's name, welcome and images. */
type Db = Kysely<Database>;

export function gameHeadOf(db: Db, managerId: number) {
  return db
    .selectFrom('dialog_managers')
    .select(['game_title', 'description', 'favicon', 'meta_image', 'meta_text'])
    .where('id', '=', managerId)
    .executeTakeFirst();
}

/** What a public dialog's link preview is made of: its name, welcome text and stored settings. */
export function dialogHeadOf(db: Db, surveyId: string) {
  return db
    .selectFrom('surveys')
    .select(['survey_name', 'welcome', 'settings'])
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
}
