import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { bearer } from './app.ts';

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

/** The server itself in a process of its own (the multi-process tests). */
export const startServer = (env: Record<string, string>) =>
  startChild(['--import', 'tsx', 'server/main.ts'], env);

/** What every server process of a test on this database runs with: loopback, a free port, no demo data. */
export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/tmp',
    ...extra,
  };
}

/** A JSON POST to a server process (or a proxy before them): its status and parsed body ({} when it sent none). */
export async function postJson(
  base: string,
  path: string,
  body: object,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // A proxy's own error page is no JSON: its text is kept, as a status check reads it anyway.
  try {
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  } catch {
    return { status: res.status, body: { text } as Record<string, unknown> };
  }
}

/** The same for a call that must answer 200: the body, or an error naming the call and its answer. */
export async function postOk(
  base: string,
  path: string,
  body: object,
  token?: string,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: each caller reads the fields of the call it made
): Promise<any> {
  const res = await postJson(base, path, body, token, headers);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
