import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { authorSession, call, newDialog, type Session } from '../test/dialogs.ts';
import { audioUpload, mp3 } from '../test/multipart.ts';
import { moveMediaToBucket } from './move-to-bucket.ts';
import { s3Client } from './store-s3.ts';

/** MEDIA_STORE=s3 against an S3-compatible server (s3rver) started here on 127.0.0.1. */
const BUCKET = 'dialogwerk-media';
let s3: S3rver;
let s3Dir: string;
let dataDir: string;
let env: Record<string, string>;
let t: TestApp;
let me: Session;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'dialogwerk-s3rver-'));
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-s3-data-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  env = {
    DATA_DIR: dataDir,
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  t = await createTestApp(env);
  me = await authorSession(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(sid: string, content: Buffer) {
  const { payload, contentType } = audioUpload(sid, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload_media',
    payload,
    headers: { 'content-type': contentType, ...bearer(me.token) },
  });
}

async function bucketKeys(): Promise<string[]> {
  const client = s3Client(t.config);
  try {
    const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (res.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

const localFiles = () =>
  existsSync(join(dataDir, 'media'))
    ? readdirSync(join(dataDir, 'media')).filter((n) => !n.startsWith('.'))
    : [];

describe('media in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, serves it with ranges, copies it with the dialog and deletes it', async () => {
    const sid = await newDialog(t, me.token);
    const audio = mp3();
    const res = await upload(sid, audio);
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().filename_db as string;
    expect(await bucketKeys()).toContain(name);
    expect(localFiles()).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url: `/media/${name}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(audio)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: `/media/${name}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: `/media/${name}`,
      headers: { range: 'bytes=99999-' },
    });
    expect(beyond.statusCode).toBe(416);

    const copy = await call(t, me.token, '/api/duplicate_survey', { survey_id: sid });
    expect(copy.statusCode, copy.body).toBe(200);
    expect((await bucketKeys()).length).toBe(2);

    const del = await call(t, me.token, '/api/delete_media', { survey_id: sid, filename_db: name });
    expect(del.statusCode, del.body).toBe(200);
    expect(await bucketKeys()).not.toContain(name);
    expect((await t.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(404);

    // Deleting the copied dialog removes its file from the bucket too.
    await call(t, me.token, '/api/delete_survey', { survey_id: copy.json().survey_id });
    expect(await bucketKeys()).toEqual([]);
  });

  it('refuses the content checks as before: a file that is no audio never reaches the bucket', async () => {
    const sid = await newDialog(t, me.token);
    const res = await upload(sid, Buffer.from('kein Ton'));
    expect(res.statusCode).toBe(400);
    expect(await bucketKeys()).toEqual([]);
  });

  it('media:to-s3 moves the files of the folder into the bucket, and may run again', async () => {
    mkdirSync(join(dataDir, 'media'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'alt1.mp3'), mp3(2));
    writeFileSync(join(dataDir, 'media', 'alt2.mp3'), mp3(3));
    writeFileSync(join(dataDir, 'media', '.upload-halb'), 'unfertig');
    expect(await moveMediaToBucket(t.config)).toEqual({ moved: 2, bytes: 417 * 5 });
    expect(await bucketKeys()).toEqual(['alt1.mp3', 'alt2.mp3']);
    expect(localFiles()).toEqual([]);
    expect(await moveMediaToBucket(t.config)).toEqual({ moved: 0, bytes: 0 });
  });

  it('asks for a bucket when MEDIA_STORE=s3', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
