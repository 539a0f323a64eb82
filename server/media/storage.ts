import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

/**
 * Media files live in the store (store.ts: DATA_DIR/media or a bucket) under random names (filename_db);
 * the database row is the only way to a file, so names cannot be guessed and nothing else is ever read.
 * Uploads arrive in DATA_DIR/media first, in either case.
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
