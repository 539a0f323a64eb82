import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './db/connect.ts';
import { userCreateArgs } from './test/cli-args.ts';
import { usesPostgres } from './test/databases.ts';
import { createFileApp, type FileApp } from './test/file-app.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// The CLI works on the DATA_DIR file database; on the PostgreSQL project this would only run twice.
describe.skipIf(usesPostgres())('cli', () => {
  let files: FileApp;
  let dataDir: string;
  let app: FastifyInstance;
  let database: DbHandle;

  beforeAll(async () => {
    files = await createFileApp('dialogwerk-cli-');
    ({ dataDir, app, database } = files);
  });
  afterAll(async () => {
    await files?.close();
  });

  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      // With a path prefix, which the printed link keeps as mails do.
      PUBLIC_URL: 'https://example.org/dialoge',
    };
    delete env.DATABASE_URL;
    return new Promise((resolve) => {
      execFile('npx', ['tsx', 'server/cli.ts', ...args], { cwd: root, env }, (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  const login = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  const create = (username: string, password: string, ...extra: string[]) =>
    cli(...userCreateArgs({ username, password, firstName: 'Clara', lastName: 'Cli' }), ...extra);

  it('user:create makes an account that can sign in', async () => {
    const res = await create('clara', 'a long cli password', '--admin');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Benutzer clara angelegt \(id \d+, Admin\)\./);
    const session = await login('clara', 'a long cli password');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ success: true, firstName: 'Clara', lastName: 'Cli' });
    const who = await app.inject({
      method: 'POST',
      url: '/api/verify-token',
      headers: { authorization: `Bearer ${session.json().token}` },
    });
    expect(who.json()).toMatchObject({ kind: 'author', username: 'clara', is_admin: true });
    const row = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'clara')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate username, in any case, with exit code 1 and a German message', async () => {
    const res = await create('CLARA', 'another long password');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Benutzer CLARA existiert bereits');
  });

  it('refuses a short password', async () => {
    const res = await create('kurz', 'short');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('--password: mindestens 10 Zeichen');
    expect((await login('kurz', 'short')).statusCode).toBe(401);
  });

  it('user:disable blocks the sign-in with account_disabled; --enable restores it', async () => {
    expect((await create('dora', 'a long cli password')).code).toBe(0);
    const disabled = await cli('user:disable', '--username', 'dora');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('Benutzer dora deaktiviert und abgemeldet.');
    const refused = await login('dora', 'a long cli password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toBe('account_disabled');
    const enabled = await cli('user:disable', '--username', 'dora', '--enable');
    expect(enabled.code, enabled.stderr).toBe(0);
    expect((await login('dora', 'a long cli password')).statusCode).toBe(200);
  });

  it('user:magic-link prints a registration link whose token works', async () => {
    const res = await cli('user:magic-link', '--email', 'neu@example.org');
    expect(res.code, res.stderr).toBe(0);
    const url = new URL(res.stdout.trim());
    expect(`${url.origin}${url.pathname}`).toBe('https://example.org/dialoge/magic_link');
    const token = url.searchParams.get('token');
    expect(token).toBeTruthy();
    const info = await app.inject({ method: 'POST', url: '/api/magic_link', payload: { magic_link: token } });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      purpose: 'registration',
      email: 'neu@example.org',
      account_exists: false,
    });
  });

  it('an unknown command exits with 1', async () => {
    const res = await cli('user:explode');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Unbekannter Befehl: user:explode');
  });
});
