import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { fileTypeFromFile } from 'file-type';
import { mediaDir } from './storage.ts';
import { putObjectFile, s3Client } from './store-s3.ts';
import type { MediaStoreConfig } from './store-types.ts';

/**
 * `npm run cli -- media:to-s3`: uploads every file of DATA_DIR/media into the bucket, checks the stored
 * size, then removes the local file. Safe to run again: a file already in the bucket with the same size
 * is only removed locally. Unfinished uploads (.upload-*) are left alone.
 */
export async function moveMediaToBucket(config: MediaStoreConfig): Promise<{ moved: number; bytes: number }> {
  if (config.S3_BUCKET === undefined) throw new Error('S3_BUCKET fehlt');
  const client = s3Client(config);
  const dir = mediaDir(config);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.'));
  let moved = 0;
  let bytes = 0;
  try {
    for (const name of names) {
      const path = join(dir, name);
      const { size } = await stat(path);
      const there = await client
        .send(new HeadObjectCommand({ Bucket: config.S3_BUCKET, Key: name }))
        .catch(() => undefined);
      if (there?.ContentLength !== size) {
        const mime = (await fileTypeFromFile(path))?.mime ?? 'application/octet-stream';
        await putObjectFile(client, config.S3_BUCKET, name, path, mime);
        const stored = await client.send(new HeadObjectCommand({ Bucket: config.S3_BUCKET, Key: name }));
        if (stored.ContentLength !== size)
          throw new Error(`${name}: im Bucket ${stored.ContentLength} statt ${size} Bytes`);
      }
      await rm(path);
      moved += 1;
      bytes += size;
    }
  } finally {
    client.destroy();
  }
  return { moved, bytes };
}
