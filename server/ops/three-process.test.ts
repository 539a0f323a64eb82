import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatInput, ChatTurnResponse } from '../../contract/chat.ts';
import { insertUser } from '../accounts/queries.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbHandle } from '../db/connect.ts';
import { type BlockSpec, createChatDialog } from '../test/chat-fixtures.ts';
import { clusterEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { postJson, startRoundRobinProxy, stopProxy } from '../test/round-robin-proxy.ts';

/**
 * Three server processes on one PostgreSQL database behind a round-robin proxy on 127.0.0.1 (as nginx
 * would be): login limits and refresh-token rotation hold across processes, and respondents chatting
 * through the proxy lose nothing acknowledged and store nothing twice when one process is killed mid-run.
 */

const RESPONDENTS = 6;
const LOOP: BlockSpec[] = [
  { id: 'text', type: 'open_text', context: 'Was gibt es Neues?' },
  { id: 'again', type: 'single_choice', context: 'Weiter?', options: ['ja'], jump_to_ids: ['text'] },
];

const post = postJson;

const answerFor = (input: ChatInput, who: number, n: number) =>
  input.type === 'single_choice' ? 'ja' : `r${who}-${n}`;

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
    const env = clusterEnv(database.url!, {
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
      expect((await post(base, '/api/login', { username: name, password: 'falsch-falsch' })).status).toBe(
        401,
      );
    }
    // The fourth request reaches another process than the first: the limit is in the database.
    expect((await post(base, '/api/login', { username: name, password })).status).toBe(429);
  });

  it('rotates refresh tokens across processes and refuses a reused one', async () => {
    const name = await author(`refresh_${randomBytes(4).toString('hex')}`);
    const login = await post(base, '/api/login', { username: name, password });
    expect(login.status).toBe(200);
    const first = login.body.refresh_token as string;
    const rotated = await post(base, '/api/refresh', { refresh_token: first });
    expect(rotated.status).toBe(200);
    expect((await post(base, '/api/refresh', { refresh_token: first })).status).toBe(401);
    // Reuse ends the whole family, on every process.
    expect(
      (await post(base, '/api/refresh', { refresh_token: rotated.body.refresh_token as object })).status,
    ).toBe(401);
  });

  it('loses no acknowledged answer and stores none twice when a process is killed mid-run', async () => {
    const respondents = await Promise.all(
      Array.from({ length: RESPONDENTS }, async () => {
        const reg = await post(base, '/api/register_live', { survey_id: surveyId });
        const token = reg.body.token_live as string;
        const start = await post(base, '/api/chat/start', { survey_id: surveyId }, token);
        expect(start.status).toBe(200);
        return {
          token,
          input: (start.body as unknown as ChatTurnResponse).input!,
          acknowledged: [] as string[],
        };
      }),
    );
    let running = true;
    let failures = 0;
    const history = async (token: string) => {
      const res = await post(base, '/api/chat/history', { survey_id: surveyId }, token);
      expect(res.status).toBe(200);
      const turn = res.body as unknown as ChatTurnResponse;
      return { turn, answers: turn.messages.filter((m) => m.user_or_bot === 'user').map((m) => m.context) };
    };
    const loops = respondents.map(async (r, who) => {
      for (let n = 0; running && n < 2_000; n++) {
        const answer = answerFor(r.input, who, n);
        const res = await post(
          base,
          '/api/chat/answer',
          { survey_id: surveyId, unique_question_id: r.input.unique_question_id, turn: r.input.turn, answer },
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
