import type { Insertable, Kysely } from 'kysely';
import { deleteById } from '../db/queries.ts';
import type { Database, MediaTable } from '../db/schema.ts';

/** SQL of uploaded media files. `db` may be a transaction. */
type Db = Kysely<Database>;

/** The media rows of a dialog. */
function mediaOf(db: Db, surveyId: number) {
  return db.selectFrom('media').selectAll().where('survey_id', '=', surveyId);
}

export function listMedia(db: Db, surveyId: number) {
  return mediaOf(db, surveyId).orderBy('id').execute();
}

export function findMedia(db: Db, surveyId: number, filename: string) {
  return mediaOf(db, surveyId).where('filename_db', '=', filename).executeTakeFirst();
}

/** For serving: a file is only served while its row exists. */
export function findMediaByFilename(db: Db, filename: string) {
  return db
    .selectFrom('media')
    .select(['filename_db', 'mime'])
    .where('filename_db', '=', filename)
    .executeTakeFirst();
}

export async function mediaExists(db: Db, surveyId: number, filename: string): Promise<boolean> {
  return (await findMedia(db, surveyId, filename)) !== undefined;
}

export function insertMedia(db: Db, values: Insertable<MediaTable>) {
  return db.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
}

export function deleteMedia(db: Db, rowId: number) {
  return deleteById(db, 'media', rowId);
}
