import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../contract/media.ts';

/**
 * The most of a refused request's body the server still reads and throws away: the largest request the
 * app accepts (an upload of the largest type) and a little room for its form fields.
 */
const MAX_DISCARDED_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * Answers sent before the request's body was read (a missing token, a refused dialog, a file or body
 * too large) keep the connection: the rest of the body is read and thrown away, bounded. Closing instead
 * resets the socket while a client is still writing, and clients that write the whole body before they
 * read (Node's http, many scripts) then lose the answer to EPIPE and cannot refresh a token and retry.
 * Only a body whose rest is larger than the bound, or turns out to be, closes the connection.
 */
export function registerUnreadBodies(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // Only a real connection's request has `complete`; injected test requests are never cut off.
    if (raw.complete !== false || raw.destroyed) return done(null, payload);
    const declared = Number(raw.headers['content-length']);
    if (declared > MAX_DISCARDED_BYTES) {
      reply.header('connection', 'close');
      return done(null, payload);
    }
    // Fastify's body parser asks for a close when it refuses a body; reading the rest makes it unneeded.
    reply.removeHeader('connection');
    // A parser still attached (the multipart stream) would stop reading once nobody takes its parts.
    raw.unpipe();
    let discarded = 0;
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) raw.socket.destroy();
    });
    raw.resume();
    done(null, payload);
  });
}
