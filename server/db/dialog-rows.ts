import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows have an id of their own and belong to one dialog (survey_id). */
type DialogOwned = 'quotas' | 'webhook_endpoints' | 'chat_sessions';

/**
 * Deletes the row with this id only if it belongs to the dialog, so an id of another dialog's row
 * deletes nothing (the caller answers 404). Returns how many rows went (0 or 1).
 */
export async function deleteDialogRow(
  db: Kysely<Database>,
  table: DialogOwned,
  surveyId: number,
  id: number,
): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
