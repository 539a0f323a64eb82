import type { AppContext } from '../context.ts';
import { prepared } from '../db/prepared.ts';

/** What the outbox reads, inside the transaction of the turn or deletion that causes an event. */

type Db = AppContext['db'];

/** Read by every chat that starts or finishes: built and compiled once (db/prepared.ts). */
const endpointsQuery = prepared(1, (db, surveyId: number) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('survey_id', '=', surveyId)
    .where('enabled', '=', 1),
);

/** The dialog's switched-on webhooks with the events they want (JSON). */
export async function subscribedEndpoints(db: Db, surveyId: number) {
  return (await endpointsQuery(db, surveyId)).rows;
}

export function sessionFacts(db: Db, sessionId: number) {
  return db
    .selectFrom('chat_sessions')
    .innerJoin('surveys', 'surveys.id', 'chat_sessions.survey_id')
    .select([
      'chat_sessions.id',
      'chat_sessions.mode',
      'chat_sessions.started_at',
      'chat_sessions.finished_at',
      'chat_sessions.hidden_fields',
      'surveys.survey_id',
    ])
    .where('chat_sessions.id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

/** The session's answers in order, with their block's JSON data (short name, variable). */
export function sessionAnswers(db: Db, sessionId: number) {
  return db
    .selectFrom('answers')
    .leftJoin('blocks', (j) =>
      j
        .onRef('blocks.unique_question_id', '=', 'answers.unique_question_id')
        .onRef('blocks.survey_id', '=', 'answers.survey_id'),
    )
    .select([
      'answers.unique_question_id',
      'answers.kind',
      'answers.value',
      'answers.value_num',
      'answers.branch',
      'answers.created_on',
      'blocks.data',
    ])
    .where('answers.session_id', '=', sessionId)
    .orderBy('answers.id')
    .execute();
}

/** The sessions of a live participant in a dialog (before they are deleted). */
export async function participantSessionIds(db: Db, surveyId: number, participantId: number) {
  const rows = await db
    .selectFrom('chat_sessions')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('participant_id', '=', participantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
