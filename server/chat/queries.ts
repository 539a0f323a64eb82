import { type Kysely, sql } from 'kysely';
import type { ChatMessage } from '../../contract/chat.ts';
import type { DbKind } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { AnswerRecord } from './engine.ts';

/** SQL of chat sessions, their messages and answers. `db` may be a transaction. */
type Db = Kysely<Database>;

/** Whose chat a session is: a live participant's or an author's test chat (kept apart by mode). */
export type ChatOwner = { mode: 'live'; participantId: number } | { mode: 'test'; userId: number };

export async function bindParticipant(db: Db, participantId: number, surveyIds: readonly number[], now: number) {
  if (surveyIds.length === 0) return;
  await db
    .insertInto('participant_surveys')
    .values(surveyIds.map((survey_id) => ({ participant_id: participantId, survey_id, created_at: now })))
    .execute();
}

const CHAT_SURVEY_COLUMNS = [
  'surveys.id',
  'surveys.survey_id',
  'surveys.survey_name',
  'surveys.welcome',
  'surveys.ending',
  'surveys.settings',
  'surveys.active',
  'surveys.version',
] as const;

/** A dialog as the chat needs it, and whether the live participant was registered for it. */
export function findLiveChatSurvey(db: Db, surveyId: string, participantId: number) {
  return db
    .selectFrom('surveys')
    .leftJoin('participant_surveys', (join) =>
      join
        .onRef('participant_surveys.survey_id', '=', 'surveys.id')
        .on('participant_surveys.participant_id', '=', participantId),
    )
    .select([...CHAT_SURVEY_COLUMNS, 'participant_surveys.participant_id as registered'])
    .where('surveys.survey_id', '=', surveyId)
    .executeTakeFirst();
}

/** The public view of a dialog (client config, language fragments). */
export function findPublicSurvey(db: Db, surveyId: string) {
  return db.selectFrom('surveys').select(CHAT_SURVEY_COLUMNS).where('surveys.survey_id', '=', surveyId).executeTakeFirst();
}

/**
 * Serialises the turns of one chat on PostgreSQL (a double click sends two answers at once; the second
 * must see the first one's state). SQLite runs one write transaction at a time anyway.
 */
export async function lockChat(db: Db, dbKind: DbKind, surveyId: number, owner: ChatOwner) {
  if (dbKind !== 'postgres') return;
  const key = owner.mode === 'live' ? owner.participantId : -owner.userId;
  await sql`select pg_advisory_xact_lock(${surveyId}::int4, ${key}::int4)`.execute(db);
}

/** The owner's current session of a dialog: the newest (a restart starts a new one). */
export function currentSession(db: Db, surveyId: number, owner: ChatOwner) {
  const query = db
    .selectFrom('chat_sessions')
    .select(['id', 'state', 'finished_at'])
    .where('survey_id', '=', surveyId)
    .where('mode', '=', owner.mode);
  return (
    owner.mode === 'live'
      ? query.where('participant_id', '=', owner.participantId)
      : query.where('user_id', '=', owner.userId)
  )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSession(db: Db, surveyId: number, owner: ChatOwner, state: string, now: number) {
  const row = await db
    .insertInto('chat_sessions')
    .values({
      survey_id: surveyId,
      participant_id: owner.mode === 'live' ? owner.participantId : null,
      user_id: owner.mode === 'test' ? owner.userId : null,
      mode: owner.mode,
      state,
      started_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What one turn adds to a session: its entries (numbered from firstSeq), answers and new state. */
export interface TurnWrite {
  sessionId: number;
  surveyId: number;
  firstSeq: number;
  messages: readonly ChatMessage[];
  answers: readonly AnswerRecord[];
  state: string;
  now: number;
  finished: boolean;
}

export async function writeTurn(db: Db, w: TurnWrite) {
  if (w.messages.length > 0) {
    await db
      .insertInto('chat_messages')
      .values(w.messages.map((m, i) => ({ ...m, session_id: w.sessionId, seq: w.firstSeq + i })))
      .execute();
  }
  if (w.answers.length > 0) {
    await db
      .insertInto('answers')
      .values(w.answers.map((a) => ({ ...a, session_id: w.sessionId, survey_id: w.surveyId, created_on: w.now })))
      .execute();
  }
  await db
    .updateTable('chat_sessions')
    .set({ state: w.state, updated_at: w.now, ...(w.finished ? { finished_at: w.now } : {}) })
    .where('id', '=', w.sessionId)
    .execute();
}

export function listMessages(db: Db, sessionId: number): Promise<ChatMessage[]> {
  return db
    .selectFrom('chat_messages')
    .select([
      'context',
      'created_on',
      'type',
      'unique_question_id',
      'nachfrage_id',
      'current_question_id',
      'finished_question_id',
      'user_or_bot',
    ])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute();
}

/**
 * Removes a live participant's data of one dialog (sessions with their messages and answers), their
 * registration for it and their refresh tokens; a participant left without any dialog is removed.
 */
export async function deleteParticipantData(db: Db, participantId: number, surveyId: number, now: number) {
  await db
    .deleteFrom('chat_sessions')
    .where('survey_id', '=', surveyId)
    .where('participant_id', '=', participantId)
    .execute();
  await db
    .deleteFrom('participant_surveys')
    .where('survey_id', '=', surveyId)
    .where('participant_id', '=', participantId)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('participant_id', '=', participantId)
    .where('revoked_at', 'is', null)
    .execute();
  const left = await db
    .selectFrom('participant_surveys')
    .select('survey_id')
    .where('participant_id', '=', participantId)
    .limit(1)
    .executeTakeFirst();
  if (!left) await db.deleteFrom('participants').where('id', '=', participantId).execute();
}
