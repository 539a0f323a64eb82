import { copyFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { mediaDir } from './storage.ts';
import type { MediaStore } from './store-types.ts';

/** Media in DATA_DIR/media (the default): one machine, or a folder all processes share. */
export function localMediaStore(config: Pick<Config, 'DATA_DIR'>): MediaStore {
  const dir = mediaDir(config);
  return {
    kind: 'local',
    async putFile(name, path) {
      await rename(path, join(dir, name));
    },
    async copy(from, to) {
      try {
        await copyFile(join(dir, from), join(dir, to));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
    },
    // Served from the folder by @fastify/send (routes/media.ts), which also answers ranges.
    async read() {
      return undefined;
    },
  };
}
