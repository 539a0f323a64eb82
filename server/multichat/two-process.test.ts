import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import type { DbHandle } from '../db/connect.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { clusterEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { FLOW, seedFlowGame } from '../test/games.ts';
import { postOk as post } from '../test/round-robin-proxy.ts';

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
  let game: Awaited<ReturnType<typeof seedFlowGame>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { ownerId } = await createChatDialog({ database, clock: { now: Date.now() } }, []);
    game = await seedFlowGame(database, ownerId);
    const env = clusterEnv(database.url!, { DATA_DIR: '/tmp' });
    const started = await Promise.all([startServer(env), startServer(env)]);
    for (const s of started) servers.push(s.child);
    [a, b] = started.map((s) => s.url) as [string, string];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopChild));
    await database?.close();
  });

  it('a wait on process A returns the continued chat when the inbound call reaches process B', async () => {
    const reg = await post(a, '/api/register_live_list', { survey_id_list: game.surveyIds });
    const auth = reg.token_live as string;
    let r: MultichatTurnResponse = await post(a, '/api/multichat/start', { dialog_manager_id: FLOW }, auth);
    for (let i = 0; i < 10 && !r.waiting; i++) {
      const input = r.input!;
      r = await post(
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
        auth,
      );
    }
    expect(r.waiting).toBe(true);

    const waited = post<MultichatTurnResponse>(
      a,
      '/api/multichat/wait',
      { dialog_manager_id: FLOW, after_id: r.after_id },
      auth,
    );
    // The wait is under way on A before the event is sent to B.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    const released = await post(
      b,
      `/api/trigger_api/${game.triggerId}`,
      { username_live: reg.username_live },
      undefined,
      { 'x-trigger-secret': game.secret },
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
