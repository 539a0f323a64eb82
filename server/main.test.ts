import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupFailure } from './bootstrap.ts';
import { usesPostgres } from './test/databases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('startupFailure', () => {
  const config = { PORT: 3000, HOST: '0.0.0.0' };
  it.each([
    ['EADDRINUSE', 'Port 3000 ist schon belegt: PORT ändern oder den anderen Prozess beenden.'],
    ['EACCES', 'Port 3000 darf dieser Prozess nicht öffnen (PORT ändern).'],
    ['ENOTFOUND', 'HOST 0.0.0.0 ist keine Adresse dieses Rechners.'],
  ])('%s names the setting to change', (code, message) => {
    expect(startupFailure(Object.assign(new Error('x'), { code }), config)).toBe(message);
  });
  it('other failures say their own message', () => {
    expect(startupFailure(new Error('Invalid configuration: PORT: Zu groß'), config)).toBe(
      'Invalid configuration: PORT: Zu groß',
    );
    expect(startupFailure('kaputt')).toBe('kaputt');
  });
});

// The server process on the DATA_DIR file database; on the PostgreSQL project this would only run twice.
describe.skipIf(usesPostgres())('a server that cannot start says why in one line and exits 1', () => {
  let dir: string;
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dialogwerk-main-'));
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => {
    busy.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' };
    delete base.DATABASE_URL;
    return new Promise((resolve) => {
      execFile(
        'npx',
        ['tsx', 'server/main.ts'],
        { cwd: root, env: { ...base, ...env } },
        (err, _out, stderr) => {
          resolve({ code: err ? Number(err.code ?? 1) : 0, stderr });
        },
      );
    });
  }

  it.each([
    [{ PORT: 'abc' }, 'Dialogwerk startet nicht: Invalid configuration'],
    [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' },
      'Die Datenbank unter DATABASE_URL ist nicht erreichbar',
    ],
    [{ SEED_DEMO: '0', HOST: '127.0.0.1' }, 'ist schon belegt: PORT ändern'],
    [
      { DATABASE_URL: 'mysql://root@localhost/x' },
      'DATABASE_URL: muss mit postgres:// oder postgresql:// beginnen',
    ],
  ])('%o', { timeout: 60_000 }, async (env, message) => {
    const { code, stderr } = await start(
      'HOST' in env ? { ...env, PORT: String(busyPort) } : (env as Record<string, string>),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a DATA_DIR that is a file', { timeout: 60_000 }, async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const { code, stderr } = await start({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(stderr).toContain(`Die Datenbank in DATA_DIR (${file}) lässt sich nicht öffnen`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
