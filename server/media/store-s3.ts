import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStore, MediaStoreConfig } from './store-types.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function missing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

export function s3Client(config: MediaStoreConfig): S3Client {
  return new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    // MinIO, Ceph, Garage and the test server name the bucket in the path; AWS takes either.
    forcePathStyle: config.S3_ENDPOINT !== undefined,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where S3 demands them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Uploads a local file as an object (known length, so no chunked encoding). */
export async function putObjectFile(
  client: S3Client,
  bucket: string,
  key: string,
  path: string,
  mime: string,
) {
  const { size } = await stat(path);
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: createReadStream(path),
      ContentLength: size,
      ContentType: mime,
      CacheControl: IMMUTABLE,
    }),
  );
  return size;
}

/** Media in an S3-compatible bucket (MEDIA_STORE=s3): every server process serves every file. */
export function s3MediaStore(config: MediaStoreConfig): MediaStore {
  const client = s3Client(config);
  const Bucket = config.S3_BUCKET ?? '';
  return {
    kind: 's3',
    async putFile(name, path, mime) {
      try {
        await putObjectFile(client, Bucket, name, path, mime);
      } finally {
        await rm(path, { force: true });
      }
    },
    async copy(from, to) {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURIComponent(from)}` }),
        );
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async remove(names) {
      if (names.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
    async read(name, range) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name, Range: range }));
        const headers: Record<string, string> = { 'accept-ranges': 'bytes', 'cache-control': IMMUTABLE };
        if (res.ContentLength !== undefined) headers['content-length'] = String(res.ContentLength);
        if (res.ContentRange) headers['content-range'] = res.ContentRange;
        if (res.ETag) headers.etag = res.ETag;
        return { status: res.ContentRange && range ? 206 : 200, headers, body: res.Body as Readable };
      } catch (err) {
        if (missing(err)) return undefined;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: name })).catch(() => undefined);
          const headers: Record<string, string> = {};
          if (head) headers['content-range'] = `bytes */${head.ContentLength ?? 0}`;
          return { status: 416, headers };
        }
        throw err;
      }
    },
  };
}
