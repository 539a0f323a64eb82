import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import {
  collectProcessMetrics,
  type OutboxDepth,
  observeRequest,
  type PoolStats,
  registry,
  watchOutbox,
  watchPool,
} from '../metrics/registry.ts';
import { unauthorized } from './errors.ts';

const METRICS_TOKEN_REQUIRED = 'Die Metriken verlangen METRICS_TOKEN als Bearer-Token.';

/** Whether the Authorization header carries the metrics token (compared in constant time). */
function tokenAccepted(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** host:port, [v6]:port */
export function parseBind(bind: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(bind);
  if (!match) throw new Error(`METRICS_BIND: ${bind} is not host:port`);
  return { host: match[1] ?? '', port: Number(match[2]) };
}

/**
 * A server of its own for /metrics (METRICS_BIND), e.g. on an address only the monitoring network
 * reaches; it asks for METRICS_TOKEN too when that is set.
 */
export async function startMetricsServer(bind: string, token: string | undefined): Promise<Server> {
  const { host, port } = parseBind(bind);
  const server = createServer((req: IncomingMessage, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
    } else if (!tokenAccepted(req.headers.authorization, token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    } else {
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    // Named by its own setting: the start's one-line failure would otherwise blame PORT for a busy port.
    server.once('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'EADDRINUSE' ? 'ist schon belegt' : `lässt sich nicht öffnen (${err.message})`;
      reject(new Error(`METRICS_BIND ${bind} ${why}.`));
    });
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Metrics are off unless METRICS_TOKEN (then /metrics on the app, bearer) or METRICS_BIND (a server of
 * its own) is set. Requests are labelled by their route pattern, never the raw URL, so that the number
 * of series stays bounded.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_BIND'>,
  sources: { poolStats?: () => PoolStats; outboxDepth: () => Promise<OutboxDepth> },
): void {
  const token = config.METRICS_TOKEN;
  const bind = config.METRICS_BIND;
  if (token === undefined && bind === undefined) return;
  collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const unwatch = [watchOutbox(sources.outboxDepth)];
  if (sources.poolStats) unwatch.push(watchPool(sources.poolStats));
  app.addHook('onClose', async () => {
    for (const stop of unwatch) stop();
  });
  if (bind !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = await startMetricsServer(bind, token);
    });
    app.addHook('onClose', (_instance, done) => (server ? server.close(() => done()) : done()));
  } else {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!tokenAccepted(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized(METRICS_TOKEN_REQUIRED);
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
}
