import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Writes raw bytes (what Node's HTTP parser refuses cannot be sent with an HTTP client) and reads the answer. */
function raw(request: string): Promise<{ status: number; contentType: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
        contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
        body: JSON.parse(body),
      });
    });
  });
}

describe('requests refused by the HTTP parser', () => {
  it('answers headers past the size limit with 431 in the API error format', async () => {
    const res = await raw(
      `POST /api/login HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(res.status).toBe(431);
    expect(res.contentType).toContain('application/json');
    expect(res.body).toEqual({ title: 'validation_error', msg: expect.stringMatching(/^headers: zu groß/) });
  });

  it('answers a broken request line or header with 400 in the API error format', async () => {
    for (const request of ['NOT HTTP AT ALL\r\n\r\n', 'GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n']) {
      const res = await raw(request);
      expect(res.status, request).toBe(400);
      expect(res.body, request).toEqual({ title: 'validation_error', msg: expect.any(String) });
    }
  });
});
