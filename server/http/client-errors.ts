import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ApiErrorBody, ERROR_TITLES } from '../../contract/errors.ts';

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers past the size limit, a
 * broken request line or header, a client that sends too slowly) are answered on the socket by this
 * handler. Fastify's default answers these in its own English format ({ error, message, statusCode });
 * here they get the API's one error format, { title, msg } in German, like every other failure.
 */
const HEADER_OVERFLOW: ApiErrorBody = {
  title: ERROR_TITLES.validation,
  msg: 'headers: zu groß (die Kopfzeilen der Anfrage überschreiten die erlaubte Größe)',
};
const TIMEOUT: ApiErrorBody = {
  title: ERROR_TITLES.validation,
  msg: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
};
const MALFORMED: ApiErrorBody = {
  title: ERROR_TITLES.validation,
  msg: 'Die Anfrage ist kein gültiges HTTP (Anfragezeile oder Kopfzeilen fehlerhaft).',
};

function answerOf(code: unknown): { status: number; body: ApiErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, body: HEADER_OVERFLOW };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, body: TIMEOUT };
  return { status: 400, body: MALFORMED };
}

/** Fastify's `clientErrorHandler` option: the same steps as its default, with our answer. */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const { status, body } = answerOf(err.code);
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}
