import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';

/**
 * A server in a process of its own (benchmarks under load, the multi-process tests): started with
 * `args` for node and `env` over this process's environment, resolved with its address once it logs
 * that it listens.
 */
export function startChild(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (c) => {
    out += String(c);
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += String(c);
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}): ${out}`)));
  });
}

/** SIGINT lets the server shut down cleanly (and write a CPU profile when asked for one). */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGINT');
  await once(child, 'exit');
}

/** The settings every server process of a multi-process test shares: one database, one token secret. */
export function clusterEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...extra,
  };
}

/** A server process from source (tsx), as the multi-process tests start them. */
export const startServer = (env: Record<string, string>) =>
  startChild(['--import', 'tsx', 'server/main.ts'], env);
