import { type Kysely, sql } from 'kysely';
import type { MultichatMessage } from '../../contract/multichat.ts';
import { CHAT_SURVEY_COLUMNS, type ChatOwner, ownerColumns } from '../chat/queries.ts';
import { insertId } from '../db/queries.ts';
import type { Database } from '../db/schema.ts';
import { linkedSurveys } from '../managers/queries.ts';

/** SQL of multi-dialog chats: manager sessions, their dialogs' sessions and messages. `db` may be a transaction. */
type Db = Kysely<Database>;

/**
 * The connected dialogs of a manager by order, with what a turn needs of each, and (for a live caller)
 * whether the participant was registered for it.
 */
export function gameSurveys(db: Db, managerId: number, participantId: number | null) {
  return linkedSurveys(db)
    .leftJoin('participant_surveys', (join) =>
      join
        .onRef('participant_surveys.survey_id', '=', 'surveys.id')
        .on('participant_surveys.participant_id', '=', participantId ?? 0),
    )
    .select([...CHAT_SURVEY_COLUMNS, 'participant_surveys.participant_id as registered'])
    .where('manager_surveys.dialog_manager_id', '=', managerId)
    .orderBy('manager_surveys.ord')
    .orderBy('surveys.survey_name')
    .execute();
}

/** The caller's current session of a manager: the newest (a restart begins a new one). */
export function currentManagerSession(db: Db, managerId: number, owner: ChatOwner) {
  let query = db
    .selectFrom('manager_sessions')
    .select(['id', 'state'])
    .where('dialog_manager_id', '=', managerId)
    .where('mode', '=', owner.mode);
  query =
    owner.mode === 'live'
      ? query.where('participant_id', '=', owner.participantId)
      : query.where('user_id', '=', owner.userId);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertManagerSession(
  db: Db,
  managerId: number,
  owner: ChatOwner,
  state: string,
  now: number,
) {
  return insertId(db, 'manager_sessions', {
    dialog_manager_id: managerId,
    ...ownerColumns(owner),
    state,
    started_at: now,
    updated_at: now,
  });
}

export function updateManagerSession(db: Db, id: number, state: string, now: number, finished: boolean) {
  return db
    .updateTable('manager_sessions')
    .set(finished ? { state, updated_at: now, finished_at: now } : { state, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The chat sessions of a manager session's dialogs. */
export function dialogSessions(db: Db, managerSessionId: number) {
  return db
    .selectFrom('chat_sessions')
    .select(['id', 'survey_id', 'state', 'version_id'])
    .where('manager_session_id', '=', managerSessionId)
    .orderBy('id')
    .execute();
}

/** The messages of a manager session's dialogs. */
function messagesOfGame(db: Db, managerSessionId: number) {
  return db
    .selectFrom('chat_messages')
    .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
    .where('chat_sessions.manager_session_id', '=', managerSessionId);
}

/** The messages of a manager session after a message id, in one order across its dialogs. */
export function gameMessages(db: Db, managerSessionId: number, afterId: number): Promise<MultichatMessage[]> {
  return messagesOfGame(db, managerSessionId)
    .innerJoin('surveys', 'surveys.id', 'chat_sessions.survey_id')
    .select([
      'chat_messages.id',
      'surveys.survey_id',
      'chat_messages.context',
      'chat_messages.created_on',
      'chat_messages.type',
      'chat_messages.unique_question_id',
      'chat_messages.nachfrage_id',
      'chat_messages.current_question_id',
      'chat_messages.finished_question_id',
      'chat_messages.user_or_bot',
    ])
    .where('chat_messages.id', '>', afterId)
    .orderBy('chat_messages.id')
    .execute();
}

/** The id of a manager session's last message; 0 when it has none. */
export async function lastMessageId(db: Db, managerSessionId: number): Promise<number> {
  const row = await messagesOfGame(db, managerSessionId)
    .select((eb) => eb.fn.max('chat_messages.id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export function findParticipantByName(db: Db, usernameLive: string) {
  return db
    .selectFrom('participants')
    .select('id')
    .where('username_live', '=', usernameLive)
    .executeTakeFirst();
}

/** The ids of a live participant's sessions of a manager. */
export async function managerSessionIds(db: Db, managerId: number, participantId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('manager_sessions')
    .select('id')
    .where('dialog_manager_id', '=', managerId)
    .where('participant_id', '=', participantId)
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteManagerSessions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('manager_sessions')
    .where('id', 'in', [...ids])
    .execute();
}

/** PostgreSQL: sends a notification to every connection that LISTENs on the channel (notify.ts). */
export async function notifyChannel(db: Db, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
