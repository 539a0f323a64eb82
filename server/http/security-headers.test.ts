import { expect, it } from 'vitest';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();

it('API answers, errors included, carry the security headers, with the same policy each time', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/api/health' });
  const missing = await t.app.inject({ method: 'POST', url: '/api/chat/answer', payload: {} });
  for (const res of [first, missing]) {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    // Plain-http installations must still load their scripts.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  }
  expect(missing.statusCode).toBe(400);
});
