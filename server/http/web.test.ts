import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** The pages the server sends: which entry per route, framing and the embed script's headers. */

const page = (entry: string) =>
  `<!doctype html><html><head><!--route-meta--><title>x</title><!--/route-meta--></head><body>${entry}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-web-'));
  writeFileSync(join(dir, 'index.html'), page('AUTHOR-APP'));
  writeFileSync(join(dir, 'live.html'), page('RESPONDENT-APP'));
  writeFileSync(join(dir, 'widget.js'), 'void 0;');
  t = await createTestApp({ WEB_DIST_DIR: dir });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web pages', () => {
  it('sends the light respondent entry for the respondent routes, the author app for the rest', async () => {
    for (const url of [
      '/dialog/abc',
      '/assess_live/abc',
      '/widget/abc',
      '/exit/deleted_de',
      '/privacy/abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('RESPONDENT-APP');
    }
    for (const url of ['/dashboard', '/assess/abc', '/login', '/gibt/es/nicht']) {
      expect((await get(url)).body, url).toContain('AUTHOR-APP');
    }
    // The route's meta still goes into the head.
    expect((await get('/privacy/abc')).body).toContain('<title>Datenschutz – Dialogwerk</title>');
  });

  it('answers a missing built file with 404, not with the app page', async () => {
    const res = await get('/assets/main-gibtsnicht.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('AUTHOR-APP');
  });

  it('lets any website frame /widget/{id} and nothing else', async () => {
    const widget = await get('/widget/abc');
    expect(widget.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(widget.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
    expect(widget.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/dialog/abc', '/dashboard', '/api/health']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('does not make the browser fetch scripts over https when the page came over http', async () => {
    const csp = (await get('/dashboard')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('serves /widget.js to pages of any origin; other files and the API stay same-origin', async () => {
    const script = await get('/widget.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/index.html')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await get('/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
