import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for the multi-process tests, as nginx would be: round robin over the backends; a
 * request that cannot connect goes to the next one (it never reached a server), one cut off after it was
 * sent answers 502 (it may have been done). Resolves with the proxy and its base URL on 127.0.0.1.
 */
export async function startRoundRobinProxy(backends: string[]): Promise<{ proxy: Server; base: string }> {
  let next = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const target = new URL(backends[next++ % backends.length]!);
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && tries > 1) attempt(tries - 1);
          else if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt(backends.length);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { proxy, base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
}

export async function stopProxy(proxy: Server | undefined): Promise<void> {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
}
