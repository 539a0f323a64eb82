import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { matchRoute, type RouteMeta } from '../../contract/routes.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills the page head with the route's title, description, favicon and social meta tags. */
export function renderIndex(template: string, meta: RouteMeta, publicUrl: string | undefined): string {
  const image = publicUrl ? new URL(meta.image, publicUrl).href : meta.image;
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="icon" href="${escapeHtml(meta.favicon)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ].join('\n    ');
  return template.replace(/<!--route-meta-->[\s\S]*?<!--\/route-meta-->/, head);
}

/** Serves the built single-page app; unknown non-API paths get index.html (the router decides). */
export async function registerWeb(app: FastifyInstance, webDir: string, publicUrl: string | undefined) {
  const indexFile = join(webDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (template) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      maxAge: '1h',
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || request.method !== 'GET' || !template) {
      return reply
        .code(404)
        .send({ title: ERROR_TITLES.notFound, msg: `${request.method} ${path} gibt es nicht.` });
    }
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderIndex(template, matchRoute(path), publicUrl));
  });
}
