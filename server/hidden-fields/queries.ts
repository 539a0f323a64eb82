import type { AppContext } from '../context.ts';
import { prepared } from '../db/prepared.ts';

type Db = AppContext['db'];

// Both are read by chats that start or restart: built and compiled once (db/prepared.ts).
const fieldsQuery = prepared(1, (db, surveyId: number) =>
  db
    .selectFrom('hidden_fields')
    .select(['name', 'required'])
    .where('survey_id', '=', surveyId)
    .orderBy('ord'),
);
const valuesQuery = prepared(1, (db, sessionId: number) =>
  db.selectFrom('chat_sessions').select('hidden_fields').where('id', '=', sessionId),
);

export async function listHiddenFields(db: Db, surveyId: number) {
  return (await fieldsQuery(db, surveyId)).rows;
}

export async function replaceHiddenFields(
  db: Db,
  surveyId: number,
  fields: readonly { name: string; required: boolean }[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('hidden_fields').where('survey_id', '=', surveyId).execute();
    if (fields.length === 0) return;
    await tx
      .insertInto('hidden_fields')
      .values(
        fields.map((f, i) => ({ survey_id: surveyId, name: f.name, required: f.required ? 1 : 0, ord: i })),
      )
      .execute();
  });
}

/** The JSON a session stored its link's values in (sessionHiddenValues reads it). */
export const storedHiddenValues = async (db: Db, sessionId: number) =>
  (await valuesQuery(db, sessionId)).rows[0];
