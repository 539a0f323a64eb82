import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { answerBody, answerFor, startRespondents } from '../test/answer-loop.ts';
import { type BlockSpec, createChatDialog } from '../test/chat-fixtures.ts';
import { postJson } from '../test/child-server.ts';
import { usesPostgres } from '../test/databases.ts';

/**
 * Crash test (ARCHITECTURE.md: "an acknowledged answer is never lost"): the real server runs as a child
 * process on SQLite in a temporary DATA_DIR while respondents answer concurrently over HTTP; it is killed
 * with SIGKILL mid-way and started again on the same folder. Every answer that got a 2xx must be in the
 * history, in order, and the chat must go on from there.
 */

const RESPONDENTS = 8;
const RUN_BEFORE_KILL_MS = 1500;
const dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-crash-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  JWT_SECRET: 'crash-test-secret-crash-test-secret',
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  DATABASE_URL: '',
};

const LOOP: BlockSpec[] = [
  { id: 'text', type: 'open_text', context: 'Was gibt es Neues?' },
  { id: 'num', type: 'number', context: 'Eine Zahl?', integer: 1 },
  { id: 'again', type: 'single_choice', context: 'Weiter?', options: ['ja'], jump_to_ids: ['text'] },
];

let server: ChildProcess | undefined;

async function startServer(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let out = '';
  child.stderr!.on('data', (chunk) => {
    out += String(chunk);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /läuft: (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// SQLite only: the PostgreSQL project runs the same files, and this test brings its own database.
describe.skipIf(usesPostgres())('crash', () => {
  it('every acknowledged answer survives kill -9 of the server', async () => {
    const setup = connect({ sqliteFile: join(dataDir, 'app.db') });
    await migrateToLatest(setup.db);
    const dialog = await createChatDialog({ database: setup, clock: { now: Date.now() } }, LOOP);
    await setup.close();

    let base = await startServer();
    const respondents = await startRespondents(base, dialog.surveyId, RESPONDENTS);

    let killed = false;
    const loops = respondents.map(async (r, who) => {
      for (let n = 0; !killed; n++) {
        const answer = answerFor(r.input, who, n);
        let res: Awaited<ReturnType<typeof postJson>>;
        try {
          res = await postJson(
            base,
            '/api/chat/answer',
            answerBody(dialog.surveyId, r.input, answer),
            r.token,
          );
        } catch {
          return; // the server is gone
        }
        expect(res.status).toBe(200);
        r.acknowledged.push(answer);
        r.input = (res.body as unknown as ChatTurnResponse).input!;
      }
    });
    await sleep(RUN_BEFORE_KILL_MS);
    server!.kill('SIGKILL');
    killed = true;
    await once(server!, 'exit');
    await Promise.all(loops);
    const total = respondents.reduce((sum, r) => sum + r.acknowledged.length, 0);
    expect(total).toBeGreaterThan(RESPONDENTS * 5);

    base = await startServer();
    for (const [who, r] of respondents.entries()) {
      const history = await postJson(base, '/api/chat/history', { survey_id: dialog.surveyId }, r.token);
      expect(history.status).toBe(200);
      const turn = history.body as unknown as ChatTurnResponse;
      const answers = turn.messages.filter((m) => m.user_or_bot === 'user').map((m) => m.context);
      // The answer in flight at the kill may or may not have been stored; all acknowledged ones must be.
      expect(answers.slice(0, r.acknowledged.length)).toEqual(r.acknowledged);
      expect(answers.length - r.acknowledged.length).toBeLessThanOrEqual(1);
      const next = await postJson(
        base,
        '/api/chat/answer',
        answerBody(dialog.surveyId, turn.input!, answerFor(turn.input!, who, 999_999)),
        r.token,
      );
      expect(next.status).toBe(200);
    }
    server!.kill('SIGTERM');
    await once(server!, 'exit');
  }, 60_000);
});
