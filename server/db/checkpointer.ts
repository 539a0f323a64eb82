import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A WAL checkpoint writes the logged pages into the database file and syncs it to disk; on the server's
 * own connection it runs inside whichever commit crosses the WAL limit, and better-sqlite3 is
 * synchronous, so every request waited for that disk sync (up to 100 ms measured under load). A worker
 * thread checkpoints on a second connection instead: a passive checkpoint never waits for the server's
 * writes and never blocks them. The server's connection keeps automatic checkpoints at a limit the
 * worker normally never lets the WAL reach, and goes back to SQLite's default limit if the worker fails.
 */
export const WORKER_CHECKPOINT_LIMIT_PAGES = 10_000;
export const DEFAULT_CHECKPOINT_LIMIT_PAGES = 1000;
const INTERVAL_MS = 100;

// Plain CommonJS run by the worker itself, so it needs no TypeScript loader in its thread (source runs,
// tests and the built server alike).
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, onFailure: () => void): Checkpointer {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: { file, sqlite, intervalMs: INTERVAL_MS },
  });
  // A checkpointer never keeps the process alive.
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!stopping) onFailure();
      resolve();
    });
  });
  // A worker that fails (the database file cannot be opened, say) exits; onFailure handles it.
  worker.on('error', () => {});
  return {
    async stop() {
      stopping = true;
      // Held again while it finishes, or nothing would keep the process alive to hear that it has.
      worker.ref();
      worker.postMessage('stop');
      await Promise.race([new Promise((resolve) => worker.once('message', resolve)), exited]);
      await worker.terminate();
    },
  };
}
