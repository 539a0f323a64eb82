import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * Backup and restore of a single-machine install (SQLite): one gzip'd tar archive with a consistent
 * copy of DATA_DIR/app.db, made by SQLite's online backup while the server goes on writing, the media
 * folder and the token secret. PostgreSQL has pg_dump/pg_restore for this (README, "Operations").
 */

export const DATABASE_FILE = 'app.db';
/** What an archive holds besides the database, if DATA_DIR has it. */
const KEPT = ['media', 'jwt-secret'];

/** Pages per backup step after the first: the rest at once, so that writes between steps cannot restart it forever. */
const ALL_PAGES = 2 ** 30;

export class BackupError extends Error {}

export async function backupDataDir(dataDir: string, toFile: string): Promise<{ pages: number }> {
  const source = join(resolve(dataDir), DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`Keine Datenbank in ${dataDir} (${DATABASE_FILE} fehlt)`);
  const staging = await mkdtemp(join(tmpdir(), 'dialogwerk-backup-'));
  try {
    const sqlite = new SQLite(source, { fileMustExist: true });
    let pages = 0;
    try {
      // A reader in WAL mode: the server's writes go on while the copy is made.
      await sqlite.backup(join(staging, DATABASE_FILE), {
        progress: ({ totalPages }) => {
          pages = totalPages;
          return ALL_PAGES;
        },
      });
    } finally {
      sqlite.close();
    }
    // Links to the folder's media and secret, packed as the files they point to.
    const entries = [DATABASE_FILE];
    for (const name of KEPT) {
      if (!existsSync(join(dataDir, name))) continue;
      await symlink(join(resolve(dataDir), name), join(staging, name));
      entries.push(name);
    }
    await mkdir(dirname(resolve(toFile)), { recursive: true });
    await tar.c({ gzip: true, file: toFile, cwd: staging, follow: true, portable: true }, entries);
    return { pages };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Puts an archive of backupDataDir into an empty (or absent) DATA_DIR; never over existing data. */
export async function restoreDataDir(fromFile: string, dataDir: string): Promise<{ files: number }> {
  if (!existsSync(fromFile)) throw new BackupError(`${fromFile} gibt es nicht`);
  const existing = await readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    throw new BackupError(`DATA_DIR ${dataDir} ist nicht leer: Wiederherstellen nur in einen leeren Ordner`);
  }
  const names: string[] = [];
  await tar.t({ file: fromFile, onReadEntry: (e) => void names.push(e.path) });
  if (!names.includes(DATABASE_FILE)) throw new BackupError(`${fromFile} ist keine Dialogwerk-Sicherung`);
  await mkdir(dataDir, { recursive: true });
  await tar.x({ file: fromFile, cwd: dataDir, strict: true });
  const restored = new SQLite(join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    const check = restored.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`Die Datenbank der Sicherung ist beschädigt: ${String(check)}`);
  } finally {
    restored.close();
  }
  return { files: names.length };
}
