import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { insertUser } from '../accounts/queries.ts';
import { loadConfig } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { resetTriggerSecret } from '../managers/triggers.ts';
import { seedGames } from '../seed/games.ts';
import { serverEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';

/**
 * Two server processes on one PostgreSQL database: a participant long-polls /api/multichat/wait on
 * process A while the external system's inbound waitAPI call reaches process B. A must answer at once
 * with the continued chat, so the event has to travel through PostgreSQL (LISTEN/NOTIFY).
 */

async function post(base: string, path: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

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
    const userId = await insertUser(database.db, {
      username: `game_owner_${randomBytes(4).toString('hex')}`,
      email: null,
      emailVerified: false,
      firstName: 'Olga',
      lastName: 'Owner',
      passwordHash: 'not-a-hash',
      isAdmin: false,
      now: Date.now(),
    });
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
    const reg = await post(a, '/api/register_live_list', { survey_id_list: surveys.map((s) => s.survey_id) });
    const auth = { authorization: `Bearer ${reg.token_live}` };
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

    const waited = post(a, '/api/multichat/wait', { dialog_manager_id: FLOW, after_id: r.after_id }, auth);
    // The wait is under way on A before the event is sent to B.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    const released = await post(
      b,
      `/api/trigger_api/${triggerId}`,
      { username_live: reg.username_live },
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
