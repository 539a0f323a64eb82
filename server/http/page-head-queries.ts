import type { Kysely } from 'kysely';
import { surveyValue } from '../db/queries.ts';
import type { Database } from '../db/schema.ts';

/** SQL of the page heads: a game's own title and preview, a public dialog's name. */
type Db = Kysely<Database>;

export function gameHeadOf(db: Db, managerId: number) {
  return db
    .selectFrom('dialog_managers')
    .select(['game_title', 'description', 'favicon', 'meta_image', 'meta_text'])
    .where('id', '=', managerId)
    .executeTakeFirst();
}

export function dialogName(db: Db, surveyId: string): Promise<string | undefined> {
  return surveyValue(db, surveyId, 'survey_name');
}
