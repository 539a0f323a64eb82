import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { DbHandle } from '../connect.ts';
import { down, up } from './0011_row_mode.ts';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it("fills the mode of existing messages and answers from their session's, and the summary's indexes use it", async () => {
  // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before this migration
  const db = database.db as Kysely<any>;
  await down(db);
  const user = await db
    .insertInto('users')
    .values({
      username: 'u',
      username_key: 'u',
      password_hash: 'x',
      password_changed_at: 1,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const survey = await db
    .insertInto('surveys')
    .values({ survey_id: 'abcdefghij', survey_name: 'S', owner_id: user.id, created_at: 1, updated_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  for (const mode of ['live', 'test']) {
    const session = await db
      .insertInto('chat_sessions')
      .values({ survey_id: survey.id, mode, state: '{}', started_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[mode] = session.id;
    await db
      .insertInto('chat_messages')
      .values({
        session_id: session.id,
        seq: 0,
        user_or_bot: 'bot',
        type: 'q',
        context: 'Frage',
        unique_question_id: 'b',
        created_on: 1,
      })
      .execute();
    await db
      .insertInto('answers')
      .values({
        session_id: session.id,
        survey_id: survey.id,
        unique_question_id: 'b',
        kind: 'answer',
        value: 'ja',
        created_on: 2,
      })
      .execute();
  }
  await up(db);
  for (const table of ['chat_messages', 'answers']) {
    const rows = await db.selectFrom(table).select(['session_id', 'mode']).orderBy('session_id').execute();
    expect(rows).toEqual([
      { session_id: ids.live, mode: 'live' },
      { session_id: ids.test, mode: 'test' },
    ]);
  }
  if (database.kind === 'sqlite') {
    const plan = await sql<{ detail: string }>`explain query plan select count(*) from answers a
      where a.unique_question_id = 'b' and a.mode = 'live' and a.kind = 'answer' group by a.value`.execute(
      db,
    );
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('COVERING INDEX answers_value');
  }
});
