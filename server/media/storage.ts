import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

/**
 * Media files live in DATA_DIR/media under random names (filename_db); the database row is the only
 * way to a file, so names cannot be guessed and nothing outside the folder is ever read.
 */
export function mediaDir(config: Pick<Config, 'DATA_DIR'>): string {
  return join(resolve(config.DATA_DIR), 'media');
}

export function newMediaFilename(ext: string): string {
  return `${randomBytes(18).toString('base64url')}.${ext}`;
}

export async function ensureMediaDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

/** Copies a stored file under a new name; false when the source file is gone. */
export async function copyMediaFile(dir: string, from: string, to: string): Promise<boolean> {
  try {
    await copyFile(join(dir, from), join(dir, to));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Removes stored files; one that is already gone is no error. */
export async function removeMediaFiles(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
}
