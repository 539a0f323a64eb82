import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * Copies the SQLite WAL back into the database file on its own connection and thread (checkpointer.ts
 * says why). A passive checkpoint never waits for the server's writes and never blocks them.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), intervalMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.pragma('wal_checkpoint(PASSIVE)');
  db.close();
  parentPort!.postMessage('closed');
});
