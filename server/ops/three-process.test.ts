import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { insertUser } from '../accounts/queries.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbHandle } from '../db/connect.ts';
import { answerBody, answerFor, LOOP, startRespondents } from '../test/answer-loop.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { postJson, serverEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { startRoundRobinProxy, stopProxy } from '../test/round-robin-proxy.ts';

/**
 * Three server processes on one PostgreSQL database behind a round-robin proxy on 127.0.0.1 (as nginx
 * would be): login limits and refresh-token rotation hold across processes, and respondents chatting
 * through the proxy lose nothing acknowledged and store nothing twice when one process is killed mid-run.
 */

const RESPONDENTS = 6;

describe.skipIf(!usesPostgres())('three server processes behind a round-robin proxy (PostgreSQL)', () => {
  let database: DbHandle;
  let dataDir: string;
  const servers: ChildProcess[] = [];
  let proxy: Server;
  let base = '';
  let surveyId = '';
  const password = 'richtiges-passwort';

  async function author(name: string) {
    await insertUser(database.db, {
      username: name,
      email: null,
      emailVerified: false,
      firstName: 'A',
      lastName: 'B',
      passwordHash: await hashPassword(password),
      isAdmin: false,
      now: Date.now(),
    });
    return name;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-three-'));
    surveyId = (await createChatDialog({ database, clock: { now: Date.now() } }, LOOP)).surveyId;
    const env = serverEnv(database.url!, {
      DATA_DIR: dataDir,
      LOGIN_MAX_FAILURES: '3',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    const started = await Promise.all([1, 2, 3].map(() => startServer(env)));
    for (const s of started) servers.push(s.child);
    ({ proxy, base } = await startRoundRobinProxy(started.map((s) => s.url)));
  }, 120_000);

  afterAll(async () => {
    // The killed one has exited already (stopChild would wait for its exit again).
    await Promise.all(servers.filter((s) => s.signalCode === null).map(stopChild));
    await stopProxy(proxy);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('counts failed logins of all processes together', async () => {
    const name = await author(`limits_${randomBytes(4).toString('hex')}`);
    for (let i = 0; i < 3; i++) {
      expect((await postJson(base, '/api/login', { username: name, password: 'falsch-falsch' })).status).toBe(
        401,
      );
    }
    // The fourth request reaches another process than the first: the limit is in the database.
    expect((await postJson(base, '/api/login', { username: name, password })).status).toBe(429);
  });

  it('rotates refresh tokens across processes and refuses a reused one', async () => {
    const name = await author(`refresh_${randomBytes(4).toString('hex')}`);
    const login = await postJson(base, '/api/login', { username: name, password });
    expect(login.status).toBe(200);
    const first = login.body.refresh_token as string;
    const rotated = await postJson(base, '/api/refresh', { refresh_token: first });
    expect(rotated.status).toBe(200);
    expect((await postJson(base, '/api/refresh', { refresh_token: first })).status).toBe(401);
    // Reuse ends the whole family, on every process.
    expect(
      (await postJson(base, '/api/refresh', { refresh_token: rotated.body.refresh_token as object })).status,
    ).toBe(401);
  });

  it('loses no acknowledged answer and stores none twice when a process is killed mid-run', async () => {
    const respondents = await startRespondents(base, surveyId, RESPONDENTS);
    let running = true;
    let failures = 0;
    const history = async (token: string) => {
      // A read in flight on the killed process is cut off too (the proxy's 502): asked again, as a client would.
      let res = { status: 0, body: {} as Record<string, unknown> };
      for (let tries = 0; tries < 5 && (res.status === 0 || res.status === 502); tries++) {
        res = await postJson(base, '/api/chat/history', { survey_id: surveyId }, token).catch(() => res);
      }
      expect(res.status).toBe(200);
      const turn = res.body as unknown as ChatTurnResponse;
      return { turn, answers: turn.messages.filter((m) => m.user_or_bot === 'user').map((m) => m.context) };
    };
    const loops = respondents.map(async (r, who) => {
      for (let n = 0; running && n < 2_000; n++) {
        const answer = answerFor(r.input, who, n);
        const res = await postJson(
          base,
          '/api/chat/answer',
          answerBody(surveyId, r.input, answer),
          r.token,
        ).catch(() => ({ status: 0, body: {} }));
        if (res.status === 200) {
          r.acknowledged.push(answer);
          r.input = (res.body as unknown as ChatTurnResponse).input!;
          continue;
        }
        // Cut off with its process (no answer, or the proxy's 502): the answer may or may not be stored,
        // the history says which. Other refusals (a busy server's 503) are read back the same way.
        if (res.status === 0 || res.status === 502) failures += 1;
        const { turn, answers } = await history(r.token);
        if (answers.length === r.acknowledged.length + 1 && answers.at(-1) === answer)
          r.acknowledged.push(answer);
        r.input = turn.input!;
      }
    });
    await sleep(1500);
    servers[0]!.kill('SIGKILL');
    await sleep(1500);
    running = false;
    await Promise.all(loops);

    const total = respondents.reduce((sum, r) => sum + r.acknowledged.length, 0);
    // Some answers on every respondent's way; how many depends on the machine's load.
    expect(total).toBeGreaterThan(RESPONDENTS * 2);
    for (const r of respondents) {
      const { answers } = await history(r.token);
      expect(answers).toEqual(r.acknowledged);
    }
    // The kill cut off the requests under way on that process (at most one per respondent), and a request
    // sent to it just as it died can be reset rather than refused (one more per respondent at most).
    expect(failures).toBeLessThanOrEqual(RESPONDENTS * 2);
  }, 60_000);
});
