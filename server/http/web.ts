import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { FRAMEABLE_ROUTES, LIVE_ENTRY_ROUTES, matchRoute } from '../../contract/routes.ts';
import { type HeadContext, type PageHead, pageHead, routeHead, siteUrl } from './page-head.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An address relative to the site made absolute (crawlers need that for og:image, og:url). */
function absolute(url: string, site: string | undefined): string {
  if (!site) return url;
  try {
    return new URL(url, site).href;
  } catch {
    return url;
  }
}

/**
 * Fills the page head with the title, description, favicon and social meta tags. Every value is
 * escaped: games and dialogs bring author-entered texts. `site` (PUBLIC_URL or the request's address)
 * makes og:image and og:url absolute; `path` is the page's own path, for og:url.
 */
export function renderIndex(template: string, head: PageHead, site: string | undefined, path = '/'): string {
  const image = absolute(head.image, site);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="icon" href="${escapeHtml(head.favicon)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.socialText)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    // One leading slash: '//host/x' would name another site.
    ...(site
      ? [`<meta property="og:url" content="${escapeHtml(absolute(path.replace(/^\/+/, '/'), site))}" />`]
      : []),
    '<meta property="og:type" content="website" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.socialText)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ].join('\n    ');
  // A function, so that '$&' and friends in the texts stay text.
  return template.replace(/<!--route-meta-->[\s\S]*?<!--\/route-meta-->/, () => tags);
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
export async function registerWeb(app: FastifyInstance, webDir: string, ctx: HeadContext) {
  const template = readTemplate(join(webDir, 'index.html'));
  const liveTemplate = readTemplate(join(webDir, 'live.html')) ?? template;
  if (!template) {
    app.log.warn(
      { webDir },
      'no built web app (index.html) here: pages answer 404; run npm run build, start in the project folder or set WEB_DIST_DIR',
    );
  }
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
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing built file is a 404, not the app's page: a browser would refuse HTML as a script.
    if (path.startsWith('/api/') || path.startsWith('/assets/') || request.method !== 'GET' || !template) {
      return reply
        .code(404)
        .send({ title: ERROR_TITLES.notFound, msg: `${request.method} ${path} gibt es nicht.` });
    }
    const meta = matchRoute(path);
    if (FRAMEABLE_ROUTES.has(meta.name)) allowFraming(reply);
    const page = LIVE_ENTRY_ROUTES.has(meta.name) && liveTemplate ? liveTemplate : template;
    let head: PageHead;
    try {
      head = await pageHead(ctx, meta, path);
    } catch (error) {
      // The page still works without the game's or dialog's own head; the app loads those itself.
      request.log.warn({ err: error }, 'page head lookup failed');
      head = routeHead(meta);
    }
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderIndex(page, head, siteUrl(request, ctx.config.PUBLIC_URL), path));
  });
}
