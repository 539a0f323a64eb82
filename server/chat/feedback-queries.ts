import type { Kysely } from 'kysely';
import { FLAGGABLE_ENTRY_TYPE } from '../../contract/chat-feedback.ts';
import type { Database } from '../db/schema.ts';

/** SQL of flagging answers in the assessment chat (feedback.ts). `db` may be a transaction. */
type Db = Kysely<Database>;

/**
 * An answer of the author's own test chats only: flagging copies the answer's text into the training
 * inbox, and a role that may train must not read live respondents' answers that way.
 */
export function findOwnTestAnswer(db: Db, surveyId: number, userId: number, answerId: number) {
  return db
    .selectFrom('answers')
    .innerJoin('chat_sessions', 'chat_sessions.id', 'answers.session_id')
    .selectAll('answers')
    .where('answers.id', '=', answerId)
    .where('answers.survey_id', '=', surveyId)
    .where('answers.kind', '=', 'answer')
    .where('chat_sessions.mode', '=', 'test')
    .where('chat_sessions.user_id', '=', userId)
    .executeTakeFirst();
}

/** The entry at seq of a session. */
export function findEntry(db: Db, sessionId: number, seq: number) {
  return db
    .selectFrom('chat_messages')
    .select(['type', 'user_or_bot', 'unique_question_id', 'created_on'])
    .where('session_id', '=', sessionId)
    .where('seq', '=', seq)
    .executeTakeFirst();
}

/**
 * A session's answers with the respondent's free-text entry each answers: the entry of the same block
 * and time.
 */
function answersWithEntries(db: Db, sessionId: number) {
  return db
    .selectFrom('answers')
    .innerJoin('chat_messages', (join) =>
      join
        .onRef('chat_messages.session_id', '=', 'answers.session_id')
        .onRef('chat_messages.unique_question_id', '=', 'answers.unique_question_id')
        .onRef('chat_messages.created_on', '=', 'answers.created_on'),
    )
    .where('answers.session_id', '=', sessionId)
    .where('chat_messages.user_or_bot', '=', 'user')
    .where('chat_messages.type', '=', FLAGGABLE_ENTRY_TYPE);
}

/**
 * The flagged entries of a session, by inbox entry in order, with their expected branch: an inbox entry
 * names its answer.
 */
export function flaggedEntries(db: Db, surveyId: number, sessionId: number) {
  return answersWithEntries(db, sessionId)
    .innerJoin('training_inbox', 'training_inbox.answer_id', 'answers.id')
    .select(['chat_messages.seq', 'training_inbox.branch'])
    .where('training_inbox.survey_id', '=', surveyId)
    .where('training_inbox.flagged', '=', 1)
    .orderBy('training_inbox.id')
    .execute();
}

/**
 * The routed free-text answers of a session by the seq of their entries: the branch, confidence and
 * source stored with each, and the language model's reason (answers routed before migration 0014 have no source and are left out).
 */
export function routedEntries(db: Db, sessionId: number) {
  return answersWithEntries(db, sessionId)
    .select([
      'chat_messages.seq',
      'answers.branch',
      'answers.confidence',
      'answers.routing_source',
      'answers.routing_reason',
    ])
    .where('answers.kind', '=', 'answer')
    .where('answers.routing_source', 'is not', null)
    .orderBy('chat_messages.seq')
    .execute();
}
