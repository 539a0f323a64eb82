import type { Kysely } from 'kysely';
import { findById, insertId, surveyValue } from '../db/queries.ts';
import type { Database } from '../db/schema.ts';

/** SQL of live participants: the anonymous accounts of respondents and the dialogs they may chat in. */

type Db = Kysely<Database>;

/** The internal id of a dialog by its public survey_id. */
export function findSurveyId(db: Db, surveyId: string): Promise<number | undefined> {
  return surveyValue(db, surveyId, 'id');
}

export function insertParticipant(db: Db, usernameLive: string, now: number): Promise<number> {
  return insertId(db, 'participants', { username_live: usernameLive, created_at: now });
}

export function findParticipant(db: Db, id: number) {
  return findById(db, 'participants', id);
}

/** Registers the participant for the dialogs (internal ids) it may chat in. */
export async function bindParticipant(
  db: Db,
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
