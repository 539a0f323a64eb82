import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/manage.ts';
import type { DbHandle } from '../db/connect.ts';
import { usesPostgres } from '../test/databases.ts';
import { createFileApp, type FileApp } from '../test/file-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run cli -- user:password`: the operator's password reset, with the password on stdin. */
describe.skipIf(usesPostgres())('user:password', () => {
  let files: FileApp;
  let dataDir: string;
  let app: FastifyInstance;
  let database: DbHandle;

  beforeAll(async () => {
    files = await createFileApp('dialogwerk-pw-');
    ({ dataDir, app, database } = files);
    await createAccount(
      { db: database.db, now: Date.now },
      {
        username: 'vergesslich',
        email: null,
        first_name: 'V',
        last_name: 'G',
        password: 'altes-passwort-1',
        is_admin: false,
      },
    );
  });
  afterAll(async () => {
    await files?.close();
  });

  function cli(stdin: string, ...args: string[]): Promise<{ code: number; out: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    child.stderr.on('data', (c) => (out += String(c)));
    child.stdin.end(stdin);
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, out })));
  }
  const post = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('sets the password from stdin and ends every session of the user', async () => {
    const session = (
      await post('/api/login', { username: 'vergesslich', password: 'altes-passwort-1' })
    ).json();
    const done = await cli('neues-passwort-2\n', 'user:password', '--username', 'vergesslich');
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain('Sitzungen sind beendet');
    expect(done.out).not.toContain('neues-passwort-2');

    expect((await post('/api/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await post('/api/get_account', {}, session.token)).statusCode).toBe(401);
    expect(
      (await post('/api/login', { username: 'vergesslich', password: 'altes-passwort-1' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/login', { username: 'vergesslich', password: 'neues-passwort-2' })).statusCode,
    ).toBe(200);
  }, 60_000);

  it('refuses an unknown user and a too short password', async () => {
    const unknown = await cli('irgendein-passwort\n', 'user:password', '--username', 'niemand');
    expect(unknown.code).not.toBe(0);
    expect(unknown.out).toContain('nicht gefunden');
    const short = await cli('kurz\n', 'user:password', '--username', 'vergesslich');
    expect(short.code).not.toBe(0);
    expect(short.out).toContain('mindestens 10 Zeichen');
  }, 60_000);
});
