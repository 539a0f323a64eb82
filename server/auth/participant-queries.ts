import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL of live participants' registrations (register_live). `db` may be a transaction. */

/** Registers a new participant for the given dialogs (internal ids). */
export async function bindParticipant(
  db: Kysely<Database>,
  participantId: number,
  surveyIds: readonly number[],
  now: number,
) {
  if (surveyIds.length === 0) return;
  await db
    .insertInto('participant_surveys')
    .values(surveyIds.map((survey_id) => ({ participant_id: participantId, survey_id, created_at: now })))
    .execute();
}
