import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_RULES } from '../../contract/media.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import {
  addBlock,
  authorSession,
  blockOf,
  call,
  dialogData,
  newDialog,
  type Session,
  setField,
} from '../test/dialogs.ts';
import { type FilePart, mp3, multipart } from '../test/multipart.ts';

let t: TestApp;
let me: Session;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  me = await authorSession(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mediaFiles = () => (existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')) : []);

/** A real 2x2 RGB PNG: signature, IHDR, IDAT (deflated scanlines), IEND, each chunk with its CRC. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 90, 186, 178, 238, 111, 45, 0, 245, 182, 63, 203, 71, 75]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(token: string | undefined, parts: ([string, string] | FilePart)[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload_media',
    payload,
    headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) },
  });
}

const uploadFile = (sid: string, type: string, file: FilePart, token = me.token) =>
  upload(token, [['survey_id', sid], ['type', type], file]);

const pngFile: FilePart = { filename: 'bild.png', contentType: 'image/png', content: png() };

describe('POST /api/upload_media', () => {
  it('stores a real PNG under a random name and serves it with the sniffed type', async () => {
    const sid = await newDialog(t, me.token);
    const res = await uploadFile(sid, 'image', { ...pngFile, contentType: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({
      survey_id: sid,
      type: 'image',
      mime: 'image/png',
      size: png().length,
      original_name: 'bild.png',
      misc: { ext: 'png' },
    });
    expect(file.filename_db).toMatch(/^[A-Za-z0-9_-]{24}\.png$/);
    expect(file.location).toBe(`/media/${file.filename_db}`);

    const served = await t.app.inject({ method: 'GET', url: file.location });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png())).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: file.location, headers: { range: 'bytes=0-7' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(8);
  });

  it('stores a real MP3 as audio', async () => {
    const sid = await newDialog(t, me.token);
    const res = await uploadFile(sid, 'audio', {
      filename: 'ton.mp3',
      contentType: 'audio/mpeg',
      content: mp3(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'audio', mime: 'audio/mpeg', misc: { ext: 'mp3' } });
  });

  it('refuses a text file named .png, and a PNG sent as audio, with a German 400', async () => {
    const sid = await newDialog(t, me.token);
    const before = mediaFiles();
    const fake = await uploadFile(sid, 'image', {
      filename: 'bild.png',
      contentType: 'image/png',
      content: Buffer.from('Ich bin gar kein Bild, nur Text.\n'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toBe(
      'Der Dateiinhalt passt nicht zu Bild: erlaubt sind PNG, JPEG, GIF oder WebP.',
    );
    const wrongType = await uploadFile(sid, 'audio', pngFile);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('Audiodatei');
    const empty = await uploadFile(sid, 'image', { ...pngFile, content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(mediaFiles()).toEqual(before);
    expect((await call(t, me.token, '/api/get_media_list', { survey_id: sid })).json().media_files).toEqual(
      [],
    );
  });

  it('answers 413 above the size limit of the type and keeps nothing', async () => {
    const sid = await newDialog(t, me.token);
    const before = mediaFiles();
    const big = Buffer.concat([png(), Buffer.alloc(MEDIA_RULES.logo.maxBytes)]);
    const res = await uploadFile(sid, 'logo', { ...pngFile, content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('Die Datei ist zu groß: Logo höchstens 2 MB.');
    expect(mediaFiles()).toEqual(before);
    expect((await uploadFile(sid, 'image', { ...pngFile, content: big })).statusCode).toBe(200);
  });

  it('over a real connection, a refused large upload does not break the next request', async () => {
    const sid = await newDialog(t, me.token);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = bearer(me.token);
    for (const size of [3, 30]) {
      const form = new FormData();
      form.append('survey_id', sid);
      form.append('type', 'logo');
      const big = new Uint8Array(Buffer.concat([png(), Buffer.alloc(size * 1024 * 1024)]));
      form.append('file', new Blob([big], { type: 'image/png' }), 'gross.png');
      const refused = await fetch(`${address}/api/upload_media`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(refused.status).toBe(413);
    }
    const next = await fetch(`${address}/api/get_survey_list`, { method: 'POST', headers: auth });
    expect(next.status).toBe(200);
  });

  it('refuses malformed uploads with German messages', async () => {
    const sid = await newDialog(t, me.token);
    const cases: [([string, string] | FilePart)[], number, string][] = [
      [[pngFile, ['survey_id', sid], ['type', 'image']], 400, 'survey_id'],
      [
        [
          ['survey_id', sid],
          ['type', 'pdf'],
        ],
        400,
        'type',
      ],
      [[['survey_id', sid], ['type', 'pdf'], pngFile], 400, 'type'],
      [
        [
          ['survey_id', sid],
          ['type', 'image'],
        ],
        400,
        'file: fehlt',
      ],
      [[['survey_id', sid], ['type', 'image'], pngFile, { ...pngFile, field: 'file2' }], 400, 'eine Datei'],
    ];
    for (const [parts, status, text] of cases) {
      const res = await upload(me.token, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toContain(text);
    }
    const json = await call(t, me.token, '/api/upload_media', { survey_id: sid, type: 'image' });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toContain('multipart/form-data');
  });

  it('answers 401 without a token and 404 for a dialog of somebody else', async () => {
    const stranger = await authorSession(t);
    const sid = await newDialog(t, me.token);
    expect((await uploadFile(sid, 'image', pngFile, '')).statusCode).toBe(401);
    expect((await uploadFile(sid, 'image', pngFile, stranger.token)).statusCode).toBe(404);
  });
});

describe('media list and delete', () => {
  it('lists the files and deletes one only while no block or setting uses it', async () => {
    const sid = await newDialog(t, me.token);
    const file = (await uploadFile(sid, 'avatar', pngFile)).json();
    const list = await call(t, me.token, '/api/get_media_list', { survey_id: sid });
    expect(list.json().media_files).toEqual([file]);

    const q = await addBlock(t, me.token, sid, 'message');
    expect((await setField(t, me.token, sid, q, 'filename_db', file.filename_db)).statusCode).toBe(200);
    const del = () =>
      call(t, me.token, '/api/delete_media', { survey_id: sid, filename_db: file.filename_db });
    const used = await del();
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toContain('Block 1');
    await setField(t, me.token, sid, q, 'filename_db', null);
    await call(t, me.token, '/api/update_survey_settings', {
      survey_id: sid,
      action: 'config',
      changed_values: { avatar_src: file.location },
    });
    expect((await del()).json().msg).toContain('Einstellungen');
    await call(t, me.token, '/api/update_survey_settings', {
      survey_id: sid,
      action: 'config',
      changed_values: { avatar_src: '' },
    });
    expect((await del()).statusCode).toBe(200);
    expect(mediaFiles()).not.toContain(file.filename_db);
    expect((await t.app.inject({ method: 'GET', url: file.location })).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(404);
  });

  it('serves only files that have a row', async () => {
    for (const url of ['/media/unbekannt.png', '/media/..%2F..%2Fetc%2Fpasswd', '/media/.upload-x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('media of duplicated and deleted dialogs', () => {
  it('a duplicate gets its own copies of the files, with references renamed', async () => {
    const sid = await newDialog(t, me.token);
    const file = (await uploadFile(sid, 'image', pngFile)).json();
    const q = await addBlock(t, me.token, sid, 'media');
    await setField(t, me.token, sid, q, 'context', `image:file:${file.filename_db}§§Schön, oder?`);
    await setField(t, me.token, sid, q, 'filename_db', file.filename_db);

    const copySid = (await call(t, me.token, '/api/duplicate_survey', { survey_id: sid })).json().survey_id;
    const copies = (await call(t, me.token, '/api/get_media_list', { survey_id: copySid })).json()
      .media_files;
    expect(copies).toHaveLength(1);
    const copy = copies[0];
    expect(copy.filename_db).not.toBe(file.filename_db);
    expect(copy).toMatchObject({ type: 'image', mime: 'image/png', size: file.size });
    const block = (await dialogData(t, me.token, copySid)).all_questions[0]!;
    expect(block).toMatchObject({
      filename_db: copy.filename_db,
      context: `image:file:${copy.filename_db}§§Schön, oder?`,
    });
    expect(mediaFiles()).toEqual(expect.arrayContaining([file.filename_db, copy.filename_db]));
    expect((await blockOf(t, me.token, sid, q)).filename_db).toBe(file.filename_db);

    expect((await call(t, me.token, '/api/delete_survey', { survey_id: copySid })).statusCode).toBe(200);
    expect(mediaFiles()).not.toContain(copy.filename_db);
    expect(mediaFiles()).toContain(file.filename_db);
  });
});
