import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { authorSession, newDialog, type Session } from '../test/dialogs.ts';

let t: TestApp;
let me: Session;
let dataDir: string;
let port: number;
// One socket for every request, so a refusal that broke the connection would break the next call too.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-unread-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  me = await authorSession(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Posts the whole body with Node's own HTTP client, the way scripts and integrations do: it writes the
 * body to the end and only then reads, so a server that closes before reading makes it fail with EPIPE.
 */
function post(path: string, headers: Record<string, string>, body: Buffer, chunked = false) {
  return new Promise<{ status: number; connection?: string; reused: boolean; json: { msg?: string } }>(
    (resolve, reject) => {
      const sent = { ...headers, ...(chunked ? {} : { 'content-length': String(body.length) }) };
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: sent });
      req.on('error', reject);
      // Resolved only when the whole body went out AND the whole answer came in, without an error.
      const written = new Promise((done) => req.on('finish', done));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', async () => {
          await written;
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            reused: req.reusedSocket,
            json: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
          });
        });
      });
      // In pieces, as a body is sent: the server may answer while most of it is still on its way.
      const piece = 64 * 1024;
      for (let at = 0; at < body.length; at += piece) req.write(body.subarray(at, at + piece));
      req.end();
    },
  );
}

function multipart(fields: [string, string][], files: { name: string; size: number }[]) {
  const boundary = '----dialogwerkUnreadBody';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="bild.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      Buffer.alloc(file.size, 7),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const MB = 1024 * 1024;

describe('refusals before the body is read, over a real connection', () => {
  it('a Node client receives 401, 404 and 413 for large uploads, and the socket serves the next call', async () => {
    const sid = await newDialog(t, me.token);
    const stranger = await authorSession(t);
    const big = multipart(
      [
        ['survey_id', sid],
        ['type', 'logo'],
      ],
      [{ name: 'file', size: 40 * MB }],
    );
    const headers = { 'content-type': big.type };
    const noToken = await post('/api/upload_media', headers, big.body);
    expect(noToken.status).toBe(401);
    const foreign = await post('/api/upload_media', { ...headers, ...bearer(stranger.token) }, big.body);
    expect(foreign.status).toBe(404);
    const tooLarge = await post('/api/upload_media', { ...headers, ...bearer(me.token) }, big.body);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.msg).toBe('Die Datei ist zu groß: Logo höchstens 2 MB.');
    // Each refusal kept the connection: the next call goes over the same socket.
    for (const refused of [noToken, foreign, tooLarge]) expect(refused.connection).not.toBe('close');
    const list = await post('/api/get_survey_list', bearer(me.token), Buffer.alloc(0));
    expect(list.status).toBe(200);
    expect(list.reused).toBe(true);
  });

  it('a JSON body above the limit gets 413, announced or chunked', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@b.de', password: 'x'.repeat(6 * MB) }));
    const headers = { 'content-type': 'application/json' };
    for (const chunked of [false, true]) {
      const res = await post('/api/login', headers, body, chunked);
      expect(res.status).toBe(413);
      expect(res.json.msg).toBe('Die Anfrage ist zu groß.');
    }
  });

  it('two files in one upload are a bad request (400), not too large', async () => {
    const sid = await newDialog(t, me.token);
    const two = multipart(
      [
        ['survey_id', sid],
        ['type', 'image'],
      ],
      [
        { name: 'file', size: 10 },
        { name: 'file2', size: 10 },
      ],
    );
    const res = await post('/api/upload_media', { 'content-type': two.type, ...bearer(me.token) }, two.body);
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe('Bitte genau eine Datei hochladen.');
  });
});
