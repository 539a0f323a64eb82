import { type Kysely, sql } from 'kysely';

/**
 * chat_sessions.last_block: the block of the session's last message (highest seq; null when that
 * message belongs to no block), kept by the chat's writeTurn in the update it makes anyway. The Analyse
 * module's 'left' figure (unfinished sessions per block they were last shown) then counts sessions along
 * the partial index chat_sessions_left instead of looking up every unfinished session's last message:
 * on 100,000 respondents that lookup cost about a fifth of the summary (bench/analytics.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_sessions').addColumn('last_block', 'text').execute();
  await sql`update chat_sessions set last_block = (select m.unique_question_id from chat_messages m
    where m.session_id = chat_sessions.id order by m.seq desc limit 1)`.execute(db);
  // The filters' columns (as chat_sessions_filter) with last_block, for the unfinished sessions only.
  // finished_at (always null here) makes it cover the query, which is what makes SQLite choose it over
  // chat_sessions_filter.
  await db.schema
    .createIndex('chat_sessions_left')
    .on('chat_sessions')
    .columns(['survey_id', 'mode', 'started_at', 'last_block', 'finished_at'])
    .where(sql.ref('finished_at'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  // The index first: SQLite drops no column that an index uses.
  await db.schema.dropIndex('chat_sessions_left').execute();
  await db.schema.alterTable('chat_sessions').dropColumn('last_block').execute();
}
