import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * answers.wait_ms (migration 0006) is given by the chat's own insert of a turn's answers
 * (server/chat/queries.ts), so the trigger only fills it in for rows written without it (other writers,
 * tests, data imports). On SQLite the trigger ran after the insert and updated the row once more: a
 * second write of the row and of the three indexes that hold wait_ms, about half of what storing an
 * answer cost (bench/chat-turns.ts). On PostgreSQL it sets the row before it is written; it is only kept
 * in step.
 *
 * Two indexes every chat write kept and no query needs are dropped: chat_sessions_survey (survey, mode,
 * start; 0001), whose columns chat_sessions_filter (0006) has first, and answers_survey_question
 * (survey, block, value; 0001): every query that names a block's answers seeks them by the block
 * (answers_block, answers_value); only deleting a whole dialog now reads the table for its answers.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** When `new` (the answer row) was asked: the block's first bot message, else the session's start (0006). */
const SHOWN = `coalesce(
  (select min(m.created_on) from chat_messages m where m.unique_question_id = new.unique_question_id
    and m.user_or_bot = 'bot' and m.session_id = new.session_id),
  (select cs.started_at from chat_sessions cs where cs.id = new.session_id))`;

async function replaceTrigger(db: AnyDb, onlyWithout: boolean) {
  const without = onlyWithout ? 'new.wait_ms is null and ' : '';
  if (isPostgres(db)) {
    await sql`create or replace function answers_wait_ms() returns trigger language plpgsql as $$
      begin
        if ${sql.raw(without)}new.kind <> 'nachfrage' and not exists (select 1 from answers b
            where b.session_id = new.session_id and b.unique_question_id = new.unique_question_id
              and b.kind <> 'nachfrage') then
          new.wait_ms := new.created_on - ${sql.raw(SHOWN)};
        end if;
        return new;
      end $$`.execute(db);
    return;
  }
  await sql`drop trigger answers_wait_ms`.execute(db);
  await sql`create trigger answers_wait_ms after insert on answers
    when ${sql.raw(without)}new.kind <> 'nachfrage' and not exists (select 1 from answers b
      where b.session_id = new.session_id and b.unique_question_id = new.unique_question_id
        and b.kind <> 'nachfrage' and b.id < new.id)
    begin
      update answers set wait_ms = new.created_on - ${sql.raw(SHOWN)} where id = new.id;
    end`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await replaceTrigger(db, true);
  await db.schema.dropIndex('chat_sessions_survey').execute();
  await db.schema.dropIndex('answers_survey_question').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('answers_survey_question')
    .on('answers')
    .columns(['survey_id', 'unique_question_id', 'value'])
    .execute();
  await db.schema
    .createIndex('chat_sessions_survey')
    .on('chat_sessions')
    .columns(['survey_id', 'mode', 'started_at'])
    .execute();
  await replaceTrigger(db, false);
}
