import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** The DATA_DIR of the server that playwright.config.ts started. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
}

/** Runs the real CLI against the e2e server's database. */
export function cli(...args: string[]): string {
  return execFileSync('node', ['dist/server/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

export interface E2eUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a fresh author account through the CLI. */
export function createUser(overrides: Partial<E2eUser> & { admin?: boolean } = {}): E2eUser {
  const user: E2eUser = {
    username: overrides.username ?? `e2e_${randomBytes(4).toString('hex')}`,
    password: overrides.password ?? 'e2e-password-123',
    firstName: overrides.firstName ?? 'Erika',
    lastName: overrides.lastName ?? 'Mustermann',
  };
  cli(
    'user:create',
    '--username',
    user.username,
    '--password',
    user.password,
    '--first-name',
    user.firstName,
    '--last-name',
    user.lastName,
    ...(overrides.admin ? ['--admin'] : []),
  );
  return user;
}
