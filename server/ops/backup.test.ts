import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { answerBody, answerFor, LOOP } from '../test/answer-loop.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { usesPostgres } from '../test/databases.ts';
import { openFileApp } from '../test/file-app.ts';

/**
 * Backup under load: respondents answer through the app while `npm run cli -- backup` runs in a process
 * of its own on the same DATA_DIR; the archive restored into a new folder holds every answer that was
 * acknowledged before the backup began, the media and the token secret (the old tokens still work).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const RESPONDENTS = 6;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-backup-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function cli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (args[0] === '--pg') env.DATABASE_URL = 'postgres://127.0.0.1:1/none';
  else delete env.DATABASE_URL;
  if (args[0] === '--pg') args.shift();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });
  let out = '';
  child.stdout.on('data', (c) => (out += String(c)));
  child.stderr.on('data', (c) => (out += String(c)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, out })));
}

async function post(app: FastifyInstance, url: string, payload: object, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe.skipIf(usesPostgres())('backup and restore', () => {
  it('restores every answer acknowledged before a backup taken under write load', async () => {
    const dataDir = tempDir();
    const source = await openFileApp(dataDir);
    const dialog = await createChatDialog({ database: source.database, clock: { now: Date.now() } }, LOOP);
    mkdirSync(join(dataDir, 'media'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'bild.png'), 'PNG-Daten');

    const respondents = await Promise.all(
      Array.from({ length: RESPONDENTS }, async () => {
        const { token_live: token } = await post(source.app, '/api/register_live', {
          survey_id: dialog.surveyId,
        });
        const start: ChatTurnResponse = await post(
          source.app,
          '/api/chat/start',
          { survey_id: dialog.surveyId },
          token,
        );
        return { token: token as string, input: start.input!, acknowledged: [] as string[] };
      }),
    );
    let running = true;
    const loops = respondents.map(async (r, who) => {
      // Bounded: ends when the backup is done, or after this many answers at most.
      for (let n = 0; running && n < 5_000; n++) {
        const answer = answerFor(r.input, who, n);
        const turn: ChatTurnResponse = await post(
          source.app,
          '/api/chat/answer',
          answerBody(dialog.surveyId, r.input, answer),
          r.token,
        );
        r.acknowledged.push(answer);
        r.input = turn.input!;
        await sleep(1);
      }
    });
    await sleep(300);
    const before = respondents.map((r) => [...r.acknowledged]);
    const archive = join(tempDir(), 'sicherung.tar.gz');
    const backup = await cli(dataDir, 'backup', '--to', archive);
    running = false;
    await Promise.all(loops);
    await source.close();
    expect(backup.code, backup.out).toBe(0);
    const countBefore = before.reduce((sum, a) => sum + a.length, 0);
    const countAll = respondents.reduce((sum, r) => sum + r.acknowledged.length, 0);
    expect(countBefore).toBeGreaterThan(RESPONDENTS);
    // The chats went on while the backup ran.
    expect(countAll).toBeGreaterThan(countBefore);

    const target = join(tempDir(), 'neu');
    const restore = await cli(target, 'restore', '--from', archive);
    expect(restore.code, restore.out).toBe(0);
    expect(readFileSync(join(target, 'media', 'bild.png'), 'utf8')).toBe('PNG-Daten');
    expect(existsSync(join(target, 'jwt-secret'))).toBe(true);

    const restored = await openFileApp(target);
    try {
      for (const [who, r] of respondents.entries()) {
        // The respondent's token is still valid: the token secret came along.
        const history: ChatTurnResponse = await post(
          restored.app,
          '/api/chat/history',
          { survey_id: dialog.surveyId },
          r.token,
        );
        const answers = history.messages.filter((m) => m.user_or_bot === 'user').map((m) => m.context);
        expect(answers.slice(0, before[who]!.length)).toEqual(before[who]);
        // Whatever else it holds is what was acknowledged later, in order.
        expect(r.acknowledged.slice(0, answers.length)).toEqual(answers);
      }
    } finally {
      await restored.close();
    }

    const again = await cli(target, 'restore', '--from', archive);
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('nicht leer');
  }, 90_000);

  it('refuses a file that is not a backup, and PostgreSQL', async () => {
    const notArchive = join(tempDir(), 'x.tar.gz');
    writeFileSync(notArchive, 'kein Archiv');
    const bad = await cli(join(tempDir(), 'leer'), 'restore', '--from', notArchive);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/TAR_BAD_ARCHIVE|keine Dialogwerk-Sicherung|Unexpected end|incorrect header/);
    const pg = await cli(tempDir(), '--pg', 'backup', '--to', join(tempDir(), 'y.tar.gz'));
    expect(pg.code).not.toBe(0);
    expect(pg.out).toContain('pg_dump');
  }, 60_000);
});
