import { type Kysely, sql } from 'kysely';
import { CHAT_MESSAGE_FIELDS, type ChatMessage } from '../../contract/chat.ts';
import { revokeRefreshTokens } from '../auth/refresh-token-queries.ts';
import type { DbKind } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { deleteById, exists } from '../db/queries.ts';
import type { ChatMode, Database } from '../db/schema.ts';
import type { AnswerRecord } from './engine/types.ts';

/** SQL of chat sessions, their messages and answers. `db` may be a transaction. */
type Db = Kysely<Database>;

/** Whose chat a session is: a live participant's or an author's test chat (kept apart by mode). */
export type ChatOwner = { mode: 'live'; participantId: number } | { mode: 'test'; userId: number };

export const CHAT_SURVEY_COLUMNS = [
  'surveys.id',
  'surveys.survey_id',
  'surveys.survey_name',
  'surveys.welcome',
  'surveys.ending',
  'surveys.settings',
  'surveys.active',
  'surveys.version',
  'surveys.intrance',
  'surveys.version_mode',
  'surveys.live_version_id',
] as const;

/**
 * Everything a live turn reads, in one query: the dialog, whether the participant was registered for it,
 * and their current session (the newest; a restart starts a new one).
 */
const liveChatQuery = prepared(2, (db, surveyId: string, participantId: number) =>
  db
    .selectFrom('surveys')
    .leftJoin('participant_surveys', (join) =>
      join
        .onRef('participant_surveys.survey_id', '=', 'surveys.id')
        .on('participant_surveys.participant_id', '=', participantId),
    )
    .leftJoin('chat_sessions', (join) =>
      join.on((eb) =>
        eb(
          'chat_sessions.id',
          '=',
          eb
            .selectFrom('chat_sessions as latest')
            .select('latest.id')
            .where('latest.participant_id', '=', participantId)
            .whereRef('latest.survey_id', '=', 'surveys.id')
            .where('latest.mode', '=', 'live')
            // A dialog's session inside a multi-dialog chat (server/multichat) is not its own chat.
            .where('latest.manager_session_id', 'is', null)
            .orderBy('latest.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .select([
      ...CHAT_SURVEY_COLUMNS,
      'participant_surveys.participant_id as registered',
      'chat_sessions.id as session_id',
      'chat_sessions.state as session_state',
      'chat_sessions.version_id as session_version',
    ])
    .where('surveys.survey_id', '=', surveyId),
);

export async function findLiveChat(db: Db, surveyId: string, participantId: number) {
  return (await liveChatQuery(db, surveyId, participantId)).rows[0];
}

/** The public view of a dialog (client config, language fragments). */
export function findPublicSurvey(db: Db, surveyId: string) {
  return db
    .selectFrom('surveys')
    .select(CHAT_SURVEY_COLUMNS)
    .where('surveys.survey_id', '=', surveyId)
    .executeTakeFirst();
}

/**
 * Serialises the turns of one participant or author on PostgreSQL (a double click sends two answers at
 * once; the second must see the first one's state). SQLite runs one transaction at a time anyway.
 */
export async function lockOwner(db: Db, dbKind: DbKind, owner: ChatOwner) {
  if (dbKind !== 'postgres') return;
  const [space, id] = owner.mode === 'live' ? [1, owner.participantId] : [2, owner.userId];
  await sql`select pg_advisory_xact_lock(${space}::int4, ${id}::int4)`.execute(db);
}

/**
 * An author's current test session of a dialog: the newest (a restart starts a new one) outside
 * multi-dialog chats.
 */
export function currentTestSession(db: Db, surveyId: number, userId: number) {
  return db
    .selectFrom('chat_sessions')
    .select(['id', 'state', 'version_id'])
    .where('user_id', '=', userId)
    .where('survey_id', '=', surveyId)
    .where('mode', '=', 'test')
    .where('manager_session_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a session has any answer stored. */
export function sessionHasAnswers(db: Db, sessionId: number): Promise<boolean> {
  return exists(db.selectFrom('answers').select('id').where('session_id', '=', sessionId).limit(1));
}

export async function deleteSession(db: Db, sessionId: number) {
  await deleteById(db, 'chat_sessions', sessionId);
}

/** Whose a session is, as the columns of chat_sessions and manager_sessions store it. */
export const ownerColumns = (owner: ChatOwner) => ({
  participant_id: owner.mode === 'live' ? owner.participantId : null,
  user_id: owner.mode === 'test' ? owner.userId : null,
  mode: owner.mode,
});

/** Every chat that starts or restarts inserts one: built and compiled once (db/prepared.ts). */
const insertSessionQuery = prepared(
  10,
  (
    db,
    surveyId: number,
    participantId: number | null,
    userId: number | null,
    mode: ChatMode,
    managerSessionId: number | null,
    hiddenFields: string | null,
    versionId: number,
    state: string,
    startedAt: number,
    updatedAt: number,
  ) =>
    db
      .insertInto('chat_sessions')
      .values({
        survey_id: surveyId,
        participant_id: participantId,
        user_id: userId,
        mode,
        manager_session_id: managerSessionId,
        hidden_fields: hiddenFields,
        version_id: versionId,
        state,
        started_at: startedAt,
        updated_at: updatedAt,
      })
      .returning('id'),
);

/**
 * versionId: the dialog's version the session plays to its end (server/versions). managerSessionId: the
 * multi-dialog chat the session is a dialog of (server/multichat).
 */
export async function insertSession(
  db: Db,
  surveyId: number,
  owner: ChatOwner,
  state: string,
  now: number,
  versionId: number,
  managerSessionId: number | null = null,
  hiddenFields: string | null = null,
) {
  const who = ownerColumns(owner);
  const { rows } = await insertSessionQuery(
    db,
    surveyId,
    who.participant_id,
    who.user_id,
    who.mode,
    managerSessionId,
    hiddenFields,
    versionId,
    state,
    now,
    now,
  );
  return rows[0]!.id;
}

/** What one turn adds to a session: its entries (numbered from firstSeq), answers and new state. */
export interface TurnWrite {
  sessionId: number;
  surveyId: number;
  /** The session's mode, stored with its messages and answers (migration 0011). */
  mode: ChatMode;
  firstSeq: number;
  messages: readonly ChatMessage[];
  answers: readonly AnswerRecord[];
  state: string;
  now: number;
  finished: boolean;
}

/** A stored message: a history entry's columns (ChatMessage) with its session and place. */
const MESSAGE_COLUMNS = ['session_id', 'seq', 'mode', ...CHAT_MESSAGE_FIELDS] as const;
const ANSWER_COLUMNS = [
  'session_id',
  'survey_id',
  'unique_question_id',
  'kind',
  'value',
  'value_num',
  'branch',
  'confidence',
  'routing_source',
  'routing_reason',
  'created_on',
  'mode',
] as const;

/** Rows per prepared insert: a turn's entries go in chunks of this many, one statement per chunk. */
const ROWS_PER_INSERT = 16;

type RowTable = 'chat_messages' | 'answers';
type Values = Record<string, unknown>;

/**
 * Prepared inserts of 1 to ROWS_PER_INSERT rows of a table, each row from the values of `columns` in
 * order, as `toRow` makes them into the row's columns.
 */
function rowInserts(table: RowTable, columns: readonly string[], toRow = (given: Values) => given) {
  return Array.from({ length: ROWS_PER_INSERT }, (_, i) =>
    prepared(columns.length * (i + 1), (db, ...values: unknown[]) =>
      db.insertInto(table).values(
        Array.from({ length: i + 1 }, (_, row) =>
          toRow(Object.fromEntries(columns.map((c, k) => [c, values[row * columns.length + k]]))),
        ) as never, // rows of either table, built from its column list above
      ),
    ),
  );
}

/**
 * answers.wait_ms (migration 0006), given with the row so that the trigger need not update it once more
 * (migration 0023): on the first answer row of a session and block, the time since the block's first bot
 * message (else since the session's start); null on every other row. `first` marks the turn's first row
 * of its block that is not a follow-up; the database says whether an earlier turn already answered it.
 * The mode (a session's rows all share it) lets the block's first message be sought in chat_messages_block;
 * without it SQLite read every message of the session.
 */
const waitMs = ({ session_id, unique_question_id, created_on, mode, first }: Values) =>
  sql<number | null>`case when ${first} = 1 and not exists (select 1 from answers b
      where b.session_id = ${session_id} and b.unique_question_id = ${unique_question_id}
        and b.kind <> 'nachfrage')
    then ${created_on} - coalesce(
      (select min(m.created_on) from chat_messages m where m.unique_question_id = ${unique_question_id}
        and m.mode = ${mode} and m.user_or_bot = 'bot' and m.session_id = ${session_id}),
      (select cs.started_at from chat_sessions cs where cs.id = ${session_id}))
    end`;

const messageInserts = rowInserts('chat_messages', MESSAGE_COLUMNS);
const answerInserts = rowInserts('answers', [...ANSWER_COLUMNS, 'first'], ({ first, ...row }) => ({
  ...row,
  wait_ms: waitMs({ ...row, first }),
}));

async function insertRows(db: Db, inserts: ReturnType<typeof rowInserts>, rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    await inserts[chunk.length - 1]!(db, ...chunk.flat());
  }
}

/** last_block (for Analyse): the block of the turn's last message; unchanged by a turn without messages. */
const lastBlock = (wrote: number, block: string | null) =>
  sql<string | null>`case when ${wrote} = 1 then ${block} else last_block end`;
const updateSession = prepared(
  5,
  (db, id: number, state: string, now: number, wrote: number, block: string | null) =>
    db
      .updateTable('chat_sessions')
      .set({ state, updated_at: now, last_block: lastBlock(wrote, block) })
      .where('id', '=', id),
);
const finishSession = prepared(
  5,
  (db, id: number, state: string, now: number, wrote: number, block: string | null) =>
    db
      .updateTable('chat_sessions')
      .set({ state, updated_at: now, finished_at: now, last_block: lastBlock(wrote, block) })
      .where('id', '=', id),
);

export async function writeTurn(db: Db, w: TurnWrite) {
  await insertRows(
    db,
    messageInserts,
    w.messages.map((m, i) => [
      w.sessionId,
      w.firstSeq + i,
      w.mode,
      m.context,
      m.created_on,
      m.type,
      m.unique_question_id,
      m.nachfrage_id,
      m.current_question_id,
      m.finished_question_id,
      m.user_or_bot,
    ]),
  );
  const answered = new Set<string>();
  await insertRows(
    db,
    answerInserts,
    w.answers.map((a) => {
      const first = a.kind !== 'nachfrage' && !answered.has(a.unique_question_id);
      if (a.kind !== 'nachfrage') answered.add(a.unique_question_id);
      return [
        w.sessionId,
        w.surveyId,
        a.unique_question_id,
        a.kind,
        a.value,
        a.value_num,
        a.branch,
        a.confidence,
        a.routing_source,
        a.routing_reason,
        w.now,
        w.mode,
        first ? 1 : 0,
      ];
    }),
  );
  const last = w.messages.at(-1);
  await (w.finished ? finishSession : updateSession)(
    db,
    w.sessionId,
    w.state,
    w.now,
    last ? 1 : 0,
    last?.unique_question_id ?? null,
  );
}

/** Read by every resumed chat (a reload, a start of a chat that has begun). */
const messagesQuery = prepared(1, (db, sessionId: number) =>
  db
    .selectFrom('chat_messages')
    .select(CHAT_MESSAGE_FIELDS)
    .where('session_id', '=', sessionId)
    .orderBy('seq'),
);

export async function listMessages(db: Db, sessionId: number): Promise<ChatMessage[]> {
  return (await messagesQuery(db, sessionId)).rows;
}

/** The last `limit` entries of a session, oldest first (the conversation a language model sees). */
export async function recentMessages(db: Db, sessionId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select(CHAT_MESSAGE_FIELDS)
    .where('session_id', '=', sessionId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/**
 * Removes a live participant's data of one dialog (sessions with their messages and answers), their
 * registration for it and their refresh tokens; a participant left without any dialog is removed.
 */
export async function deleteParticipantData(db: Db, participantId: number, surveyId: number, now: number) {
  for (const table of ['chat_sessions', 'participant_surveys'] as const) {
    await db
      .deleteFrom(table)
      .where('survey_id', '=', surveyId)
      .where('participant_id', '=', participantId)
      .execute();
  }
  await revokeRefreshTokens(db, { participant_id: participantId }, now);
  if (!(await isRegisteredAnywhere(db, participantId))) {
    await deleteById(db, 'participants', participantId);
  }
}

/** Whether the participant is still registered for some dialog. */
export function isRegisteredAnywhere(db: Db, participantId: number): Promise<boolean> {
  return exists(
    db
      .selectFrom('participant_surveys')
      .select('survey_id')
      .where('participant_id', '=', participantId)
      .limit(1),
  );
}
