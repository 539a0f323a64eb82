import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { FRAMEABLE_ROUTES, LIVE_ENTRY_ROUTES, matchRoute, type RouteMeta } from '../../contract/routes.ts';

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

/** The widget page may be framed by any website (CSP frame-ancestors *); helmet's default stays for the rest. */
function allowFraming(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
}

/** The embed snippet's script is loaded by pages of any origin. */
const CROSS_ORIGIN_FILES = new Set(['/widget.js']);

const readTemplate = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/**
 * Serves the built single-page app; unknown non-API paths get index.html (the router decides), the
 * respondent routes live.html (the light entry).
 */
export async function registerWeb(app: FastifyInstance, webDir: string, publicUrl: string | undefined) {
  const template = readTemplate(join(webDir, 'index.html'));
  const liveTemplate = readTemplate(join(webDir, 'live.html')) ?? template;
  if (template) {
    // In a scope of its own, so the hook runs for the static files only, never for API calls.
    await app.register(async (files) => {
      files.addHook('onSend', async (request, reply, payload) => {
        if (CROSS_ORIGIN_FILES.has(request.url.split('?')[0] ?? '')) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
        return payload;
      });
      await files.register(fastifyStatic, {
        root: webDir,
        index: false,
        wildcard: false,
        maxAge: '1h',
        setHeaders(res, path) {
          if (path.includes('/assets/'))
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || request.method !== 'GET' || !template) {
      return reply
        .code(404)
        .send({ title: ERROR_TITLES.notFound, msg: `${request.method} ${path} gibt es nicht.` });
    }
    const meta = matchRoute(path);
    if (FRAMEABLE_ROUTES.has(meta.name)) allowFraming(reply);
    const page = LIVE_ENTRY_ROUTES.has(meta.name) && liveTemplate ? liveTemplate : template;
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderIndex(page, meta, publicUrl));
  });
}
