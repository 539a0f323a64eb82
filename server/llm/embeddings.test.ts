import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embeddingsTarget, loadConfig } from '../config.ts';
import { type FakeLlm, startFakeLlm } from '../test/fake-llm.ts';
import { createEmbedder, EMBEDDING_BATCH, type EmbeddingsObserver } from './embeddings.ts';

/** The embeddings client against a fake OpenAI-compatible server on 127.0.0.1. */

let server: FakeLlm;
beforeAll(async () => {
  server = await startFakeLlm();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const embedder = (env: Record<string, string> = {}, observe?: EmbeddingsObserver) =>
  createEmbedder(
    loadConfig({
      EMBEDDINGS_BASE_URL: server.url,
      EMBEDDINGS_MODEL: 'e5',
      LLM_TIMEOUT_MS: '10000',
      ...env,
    }),
    undefined,
    observe,
  )!;

describe('embeddings', () => {
  it('are configured only with a model and a server; the LLM key goes only to the LLM server', () => {
    expect(createEmbedder(loadConfig({ EMBEDDINGS_MODEL: 'e5' }))).toBeNull();
    expect(createEmbedder(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1', LLM_MODEL: 'x' }))).toBeNull();
    const llmKey = { LLM_BASE_URL: 'http://a', LLM_API_KEY: 'sk-llm', EMBEDDINGS_MODEL: 'e5' };
    expect(embeddingsTarget(loadConfig(llmKey))).toEqual({
      model: 'e5',
      baseURL: 'http://a',
      apiKey: 'sk-llm',
    });
    expect(embeddingsTarget(loadConfig({ ...llmKey, EMBEDDINGS_BASE_URL: 'http://b' }))).toEqual({
      model: 'e5',
      baseURL: 'http://b',
      apiKey: undefined,
    });
  });

  it('sends the texts in batches and hands back unit vectors in order', async () => {
    server.respondEmbeddings((call) => ({ vectors: call.body.input.map((t) => [t.length, 0, 3]) }));
    const texts = Array.from({ length: EMBEDDING_BATCH * 2 + 1 }, (_, i) => 'x'.repeat(i + 1));
    const vectors = await embedder({ EMBEDDINGS_API_KEY: 'sk-emb' }).embed('test', texts);
    expect(server.embeddingCalls.map((c) => c.body.input.length)).toEqual([
      EMBEDDING_BATCH,
      EMBEDDING_BATCH,
      1,
    ]);
    expect(server.embeddingCalls[0]!.body.model).toBe('e5');
    expect(server.embeddingCalls[0]!.authorization).toBe('Bearer sk-emb');
    expect(vectors).toHaveLength(texts.length);
    expect(vectors![3]![0]).toBeCloseTo(0.8, 5);
    expect(vectors![3]![2]).toBeCloseTo(0.6, 5);
  });

  it('answer undefined on an error status, a timeout or a reply of the wrong form, after one retry', async () => {
    server.respondEmbeddings(() => ({ status: 503 }));
    expect(await embedder().embed('test', ['a'])).toBeUndefined();
    expect(server.embeddingCalls).toHaveLength(2);
    server.respondEmbeddings(() => ({ hang: true }));
    expect(await embedder({ LLM_TIMEOUT_MS: '200' }).embed('test', ['a'])).toBeUndefined();
    server.respondEmbeddings(() => ({ vectors: [[1, 0]] }));
    expect(await embedder().embed('test', ['a', 'b'])).toBeUndefined();
  });

  it('answer undefined at once while LLM_MAX_PARALLEL requests are under way', async () => {
    server.respondEmbeddings(() => ({ vectors: [[1, 0]], delayMs: 100 }));
    const e = embedder({ LLM_MAX_PARALLEL: '1' });
    const first = e.embed('test', ['a']);
    expect(await e.embed('test', ['b'])).toBeUndefined();
    expect(await first).toHaveLength(1);
  });

  it('tell the observer (the metrics) how each call ended and how long it took', async () => {
    const seen: [string, number][] = [];
    const e = embedder({ LLM_MAX_PARALLEL: '1' }, (outcome, seconds) => seen.push([outcome, seconds]));
    server.respondEmbeddings(() => ({ vectors: [[1, 0]], delayMs: 100 }));
    const first = e.embed('test', ['a']);
    await e.embed('test', ['b']);
    await first;
    server.respondEmbeddings(() => ({ status: 400 }));
    await e.embed('test', ['c']);
    expect(seen.map(([outcome]) => outcome)).toEqual(['busy', 'ok', 'failed']);
    expect(seen[1]![1]).toBeGreaterThanOrEqual(0.09);
  });
});
