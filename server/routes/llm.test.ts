import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { authorSession, liveToken, newDialog } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const status = (t: TestApp, token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/llm_status', headers: token ? bearer(token) : {} });

describe('GET /api/llm_status with a language model configured', () => {
  const t = appForFile({
    LLM_BASE_URL: 'http://10.0.0.7:11434/v1',
    LLM_API_KEY: 'sk-geheim-123',
    LLM_MODEL: 'llama3.1:8b',
  });

  it('any signed-in author sees that it is configured and its model, never its address or key', async () => {
    const { token } = await authorSession(t);
    const res = await status(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: true, model: 'llama3.1:8b' });
    expect(res.body).not.toContain('10.0.0.7');
    expect(res.body).not.toContain('geheim');
  });

  it('is documented in OpenAPI with its response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/llm_status'].get;
    expect(op.summary).toMatch(/language model/);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).toEqual([
      'configured',
      'model',
    ]);
  });

  it('is for authors only: no token is 401, a live token 403', async () => {
    const noToken = await status(t);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ title: expect.any(String), msg: expect.any(String) });
    const { token } = await authorSession(t);
    const live = await liveToken(t, await newDialog(t, token));
    const res = await status(t, live);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/Autorinnen und Autoren/);
  });
});

describe('GET /api/llm_status without a complete configuration', () => {
  it.each([
    ['nothing set', {}],
    ['only the model', { LLM_MODEL: 'gpt-4o-mini' }],
    ['only the address', { LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-x' }],
    ['blank values', { LLM_BASE_URL: '  ', LLM_MODEL: ' ' }],
  ])('%s: not configured, no model', async (_name, env) => {
    const t = await createTestApp(env);
    try {
      const { token } = await authorSession(t);
      const res = await status(t, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ configured: false, model: null });
    } finally {
      await t.close();
    }
  });
});
