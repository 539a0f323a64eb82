import { type Kysely, sql } from 'kysely';

/**
 * answers.mode and chat_messages.mode: the mode of the row's session ('live' or 'test'), written with
 * the row by the chat (a session's mode never changes). The Analyse module shows the live respondents
 * by default; with the mode in its indexes right after the block, that view reads one contiguous range
 * per block and needs no lookup of each row's session, which was about a third of the summary's cost on
 * 100,000 respondents (bench/analytics.ts). The indexes of migration 0006 are rebuilt with the mode.
 *
 * answers_session becomes (session, block, kind, value): lookups of one session's answers to a block
 * (an answer filter, the other block of a cross-tabulation, a follow-up beside its answer, the wait_ms
 * trigger) then seek it and need no table row, where SQLite otherwise took the block's covering index
 * and read all of its answers once per session.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

const REBUILT = ['answers_wait', 'answers_value', 'answers_block', 'chat_messages_block', 'answers_session'];

export async function up(db: AnyDb): Promise<void> {
  for (const index of REBUILT) await db.schema.dropIndex(index).execute();
  for (const table of ['answers', 'chat_messages']) {
    // Nullable in the table (SQLite adds a NOT NULL column only with a default, which would hide a
    // forgotten mode); the Database type makes every insert name it.
    await db.schema.alterTable(table).addColumn('mode', 'text').execute();
    await sql`update ${sql.table(table)} set mode = (select s.mode from chat_sessions s
      where s.id = ${sql.table(table)}.session_id)`.execute(db);
  }
  await db.schema
    .createIndex('chat_messages_block')
    .on('chat_messages')
    .columns(['unique_question_id', 'mode', 'session_id'])
    .where(sql<boolean>`user_or_bot = 'bot'`)
    .execute();
  await db.schema
    .createIndex('answers_block')
    .on('answers')
    .columns(['unique_question_id', 'mode', 'kind', 'branch', 'session_id', 'value_num', 'wait_ms'])
    .execute();
  await db.schema
    .createIndex('answers_value')
    .on('answers')
    .columns(['unique_question_id', 'mode', 'kind', 'value', 'session_id', 'value_num', 'wait_ms'])
    .execute();
  await db.schema
    .createIndex('answers_wait')
    .on('answers')
    .columns(['unique_question_id', 'mode', 'wait_ms', 'session_id'])
    .where(sql.ref('wait_ms'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('answers_session')
    .on('answers')
    .columns(['session_id', 'unique_question_id', 'kind', 'value'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of REBUILT) await db.schema.dropIndex(index).execute();
  for (const table of ['answers', 'chat_messages']) {
    await db.schema.alterTable(table).dropColumn('mode').execute();
  }
  await db.schema
    .createIndex('chat_messages_block')
    .on('chat_messages')
    .columns(['unique_question_id', 'session_id'])
    .where(sql<boolean>`user_or_bot = 'bot'`)
    .execute();
  await db.schema
    .createIndex('answers_block')
    .on('answers')
    .columns(['unique_question_id', 'kind', 'branch', 'session_id', 'value_num', 'wait_ms'])
    .execute();
  await db.schema
    .createIndex('answers_value')
    .on('answers')
    .columns(['unique_question_id', 'kind', 'value', 'session_id', 'value_num', 'wait_ms'])
    .execute();
  await db.schema
    .createIndex('answers_wait')
    .on('answers')
    .columns(['unique_question_id', 'wait_ms', 'session_id'])
    .where(sql.ref('wait_ms'), 'is not', null)
    .execute();
  await db.schema.createIndex('answers_session').on('answers').column('session_id').execute();
}
