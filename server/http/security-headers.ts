import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'self'"],
      // Served over plain http (a LAN address, a first try without a proxy) the browser would fetch
      // every script over https and show a blank page; over https all sources are https anyway.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with OPTIONS, worked out once: they depend on nothing of the request (no
 * nonces). helmet only ever sets headers and removes X-Powered-By, which Node's server never sends.
 */
function helmetHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  };
  helmet(OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * helmet's security headers on every response. Worked out once: @fastify/helmet built helmet's
 * middleware anew for every request, parsing the policy each time (2.6% of the server's CPU under the
 * chat-turn benchmark, in a CPU profile), and running the built middleware still took 1.8%; the headers
 * never change. They are set on the raw response, as helmet set them, so that answers written past
 * Fastify carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
