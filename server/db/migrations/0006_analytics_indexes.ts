import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The Analyse module (issue 8) aggregates per block over the sessions that pass its filters. Its indexes
 * lead with what a query groups by and carry every column it reads, so that a block's rows are one
 * contiguous range read without touching the tables (0001 only has answers by survey, block and value,
 * messages by session, and sessions by survey, mode and start):
 * - chat_sessions_filter: the filters (dialog, mode, start) with finished_at, for headline and per day.
 * - chat_messages_block: which sessions were shown a block: the bot messages only (a partial index,
 *   so the respondents' messages cost it nothing; queries must say user_or_bot = 'bot' literally).
 * - answers_value: per option of choice and Likert blocks: answers, respondents and scores; dates per
 *   month.
 * - answers_block: per branch of the other blocks (and follow-ups): answers, respondents, numbers.
 * - answers_wait: the time to answer, in order (see wait_ms).
 *
 * answers.wait_ms: on the first answer row of a session and block (not a follow-up), the time from the
 * block's first bot message to that answer (from the session's start if the block said nothing); null on
 * every other row. The median time per block is then a walk along an index instead of a join of every
 * answer with its message and a sort, and counting a block's respondents (count(wait_ms)) needs no
 * count(distinct). A trigger sets it on insert, so the chat's writes stay as they are; the rows that
 * exist are filled in here.
 */

/** When `new` (the answer row) was asked: the block's first bot message, else the session's start. */
const SHOWN = `coalesce(
  (select min(m.created_on) from chat_messages m where m.unique_question_id = new.unique_question_id
    and m.user_or_bot = 'bot' and m.session_id = new.session_id),
  (select cs.started_at from chat_sessions cs where cs.id = new.session_id))`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('answers').addColumn('wait_ms', 'bigint').execute();
  await db.schema
    .createIndex('chat_sessions_filter')
    .on('chat_sessions')
    .columns(['survey_id', 'mode', 'started_at', 'finished_at'])
    .execute();
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
  // The first non-follow-up answer row of its session and block gets the time since the block was shown.
  if (isPostgres(db)) {
    await sql`create function answers_wait_ms() returns trigger language plpgsql as $$
      begin
        if new.kind <> 'nachfrage' and not exists (select 1 from answers b
            where b.session_id = new.session_id and b.unique_question_id = new.unique_question_id
              and b.kind <> 'nachfrage') then
          new.wait_ms := new.created_on - ${sql.raw(SHOWN)};
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger answers_wait_ms before insert on answers
      for each row execute function answers_wait_ms()`.execute(db);
  } else {
    await sql`create trigger answers_wait_ms after insert on answers
      when new.kind <> 'nachfrage' and not exists (select 1 from answers b
        where b.session_id = new.session_id and b.unique_question_id = new.unique_question_id
          and b.kind <> 'nachfrage' and b.id < new.id)
      begin
        update answers set wait_ms = new.created_on - ${sql.raw(SHOWN)} where id = new.id;
      end`.execute(db);
  }
  await sql`update answers set wait_ms = created_on - ${sql.raw(SHOWN.replaceAll('new.', 'answers.'))}
    where kind <> 'nachfrage' and id = (select min(b.id) from answers b
      where b.session_id = answers.session_id and b.unique_question_id = answers.unique_question_id
        and b.kind <> 'nachfrage')`.execute(db);
  await db.schema
    .createIndex('answers_wait')
    .on('answers')
    .columns(['unique_question_id', 'wait_ms', 'session_id'])
    .where(sql.ref('wait_ms'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger answers_wait_ms on answers`.execute(db);
    await sql`drop function answers_wait_ms()`.execute(db);
  } else {
    await sql`drop trigger answers_wait_ms`.execute(db);
  }
  // The indexes first: SQLite drops no column that an index uses.
  for (const index of [
    'answers_wait',
    'answers_value',
    'answers_block',
    'chat_messages_block',
    'chat_sessions_filter',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('answers').dropColumn('wait_ms').execute();
}
