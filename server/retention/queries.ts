import type { Kysely } from 'kysely';
import { surveyValue, updateById } from '../db/queries.ts';
import type { Database } from '../db/schema.ts';

/** SQL of retention: the dialogs' setting, and deleting old sessions in batches. */

type Db = Kysely<Database>;

export async function retentionDays(db: Db, surveyId: number): Promise<number | null> {
  return (await surveyValue(db, surveyId, 'retention_days')) ?? null;
}

export async function setRetentionDays(db: Db, surveyId: number, days: number | null): Promise<void> {
  await updateById(db, 'surveys', surveyId, { retention_days: days });
}

export function dialogsWithRetention(db: Db) {
  return db
    .selectFrom('surveys')
    .select(['id', 'survey_id', 'owner_id', 'retention_days'])
    .where('retention_days', '>', 0)
    .orderBy('id')
    .execute();
}

/**
 * Deletes up to `limit` sessions of the dialog whose last activity is before `before`; their messages,
 * answers and inbox items go with them (ON DELETE CASCADE). Returns how many.
 */
export async function deleteOldSessions(
  db: Db,
  surveyId: number,
  before: number,
  limit: number,
): Promise<number> {
  const ids = await db
    .selectFrom('chat_sessions')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('updated_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const deleted = await db
    .deleteFrom('chat_sessions')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
