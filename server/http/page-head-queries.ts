import type { Kysely } from 'kysely';
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

export async function dialogName(db: Db, surveyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('surveys')
    .select('survey_name')
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return row?.survey_name;
}
