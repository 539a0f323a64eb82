import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type FakeLlm, reply, startFakeLlm } from '../test/fake-llm.ts';
import { createLlmProvider, LlmBusyError } from './provider.ts';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());

const schema = z.object({ answer: z.string() });
const request = {
  purpose: 'test',
  messages: [{ role: 'user' as const, content: 'geheime Antwort' }],
  schema,
};

function provider(env: Record<string, string> = {}) {
  const warnings: unknown[] = [];
  const config = loadConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'm', LLM_TIMEOUT_MS: '1000', ...env });
  return { warnings, p: createLlmProvider(config, { warn: (obj: unknown) => warnings.push(obj) })! };
}

describe('LLM provider', () => {
  it('is not configured without a server address or a model', () => {
    expect(createLlmProvider(loadConfig({ LLM_MODEL: 'm' }))).toBeNull();
    expect(createLlmProvider(loadConfig({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'k' }))).toBeNull();
  });

  it('reads the JSON object of a reply, also inside a code fence', async () => {
    const { p } = provider();
    llm.respond(() => reply({ answer: 'ja' }));
    expect(await p.chatJson(request)).toEqual({ answer: 'ja' });
    llm.respond(() => ({ content: '```json\n{"answer": "auch"}\n```' }));
    expect(await p.chatJson(request)).toEqual({ answer: 'auch' });
  });

  it('logs failures with their purpose and gives undefined; the log holds no prompt or reply text', async () => {
    const { p, warnings } = provider();
    llm.respond(() => reply({ answer: 42 }));
    expect(await p.chatJson(request)).toBeUndefined();
    llm.respond(() => ({ status: 400 }));
    expect(await p.chatJson(request)).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ purpose: 'test' });
    expect(JSON.stringify(warnings[0])).not.toContain('geheime');
  });

  it('fails at once with LlmBusyError when LLM_MAX_PARALLEL requests are under way', async () => {
    const { p } = provider({ LLM_MAX_PARALLEL: '2' });
    llm.respond(() => ({ ...reply({ answer: 'ja' }), delayMs: 200 }));
    const running = [p.chatJson(request), p.chatJson(request)];
    await expect(p.chatJson(request)).rejects.toBeInstanceOf(LlmBusyError);
    expect(await Promise.all(running)).toEqual([{ answer: 'ja' }, { answer: 'ja' }]);
    expect(await p.chatJson(request)).toEqual({ answer: 'ja' });
  });
});
