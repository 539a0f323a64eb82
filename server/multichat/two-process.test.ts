import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { resetTriggerSecret } from '../managers/triggers.ts';
import { seedGames } from '../seed/games.ts';
import { insertOwner } from '../test/chat-fixtures.ts';
import { postOk, serverEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';

/**
 * Two server processes on one PostgreSQL database: a participant long-polls /api/multichat/wait on
 * process A while the external system's inbound waitAPI call reaches process B. A must answer at once
 * with the continued chat, so the event has to travel through PostgreSQL (LISTEN/NOTIFY).
 */

// A second process needs a real PostgreSQL database; SQLite runs one server process only.
describe.skipIf(!usesPostgres())('multichat across two server processes (PostgreSQL)', () => {
  let database: DbHandle;
  const servers: ChildProcess[] = [];
  let a = '';
  let b = '';
  let secret = '';
  let triggerId = 0;
  const FLOW = 3;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-dir' });
    const ctx = { db: database.db, now: Date.now, dbKind: database.kind, config };
    const userId = await insertOwner(database.db, Date.now(), 'game_owner');
    await seedGames(ctx, userId);
    const trigger = await database.db
      .selectFrom('triggers')
      .select('id')
      .where('dialog_manager_id', '=', FLOW)
      .where('trigger', 'like', 'waitAPI;%')
      .executeTakeFirstOrThrow();
    triggerId = trigger.id;
    secret = (await resetTriggerSecret(ctx, userId, trigger.id)).api_secret;
    const env = serverEnv(database.url!);
    const started = await Promise.all([startServer(env), startServer(env)]);
    for (const s of started) servers.push(s.child);
    [a, b] = started.map((s) => s.url) as [string, string];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopChild));
    await database?.close();
  });

  it('a wait on process A returns the continued chat when the inbound call reaches process B', async () => {
    const surveys = await database.db
      .selectFrom('manager_surveys')
      .innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id')
      .select('surveys.survey_id')
      .where('dialog_manager_id', '=', FLOW)
      .execute();
    const reg = await postOk(a, '/api/register_live_list', {
      survey_id_list: surveys.map((s) => s.survey_id),
    });
    const token = reg.token_live;
    let r: MultichatTurnResponse = await postOk(
      a,
      '/api/multichat/start',
      { dialog_manager_id: FLOW },
      token,
    );
    for (let i = 0; i < 10 && !r.waiting; i++) {
      const input = r.input!;
      r = await postOk(
        a,
        '/api/multichat/answer',
        {
          dialog_manager_id: FLOW,
          survey_id: input.survey_id,
          unique_question_id: input.unique_question_id,
          nachfrage_id: input.nachfrage_id,
          turn: input.turn,
          answer: input.options[0],
        },
        token,
      );
    }
    expect(r.waiting).toBe(true);

    const waited = postOk(a, '/api/multichat/wait', { dialog_manager_id: FLOW, after_id: r.after_id }, token);
    // The wait is under way on A before the event is sent to B.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    const released = await postOk(
      b,
      `/api/trigger_api/${triggerId}`,
      { username_live: reg.username_live },
      undefined,
      { 'x-trigger-secret': secret },
    );
    expect(released).toEqual({ msg: 'success' });
    const woke: MultichatTurnResponse = await waited;
    const delay = performance.now() - sent;
    expect(woke.messages.map((m) => m.context).join('\n')).toContain('Das Labor hat geantwortet');
    expect(woke.waiting).toBe(false);
    expect(woke.input).not.toBeNull();
    // Far below the 25 s a wait lasts without an event.
    expect(delay).toBeLessThan(3000);
  }, 60_000);
});
