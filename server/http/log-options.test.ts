import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-options.ts';

describe('the request log keeps single-use secrets out', () => {
  it.each([
    ['/reset_password?token=SECRET123', '/reset_password?token=[redacted]'],
    ['/magic_link?token=SECRET123&lang=de', '/magic_link?token=[redacted]&lang=de'],
    ['/email_validation?x=1&TOKEN=SECRET123', '/email_validation?x=1&TOKEN=[redacted]'],
    ['/api/dialog?survey_id=abc', '/api/dialog?survey_id=abc'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('a request to a link with a token is logged without it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/reset_password', async () => 'ok');
    await app.inject({ method: 'GET', url: '/reset_password?token=SECRET123' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/reset_password?token=[redacted]"');
    expect(log).not.toContain('SECRET123');
  });
});
