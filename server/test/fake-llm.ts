import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A language-model server for tests: the OpenAI chat-completions protocol (POST /chat/completions) and
 * embeddings (POST /embeddings) on 127.0.0.1, answering as the test says and recording every request
 * it gets.
 */

export interface LlmCall {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
  };
}

/** What the server does with a request: answer content (a JSON text), fail with a status, or never answer. */
export type LlmAction = { content: string; delayMs?: number } | { status: number } | { hang: true };

export interface EmbeddingCall {
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

/** What the server does with an embeddings request: the vectors (one per input), a status, or never answer. */
export type EmbeddingAction = { vectors: number[][]; delayMs?: number } | { status: number } | { hang: true };

export interface FakeLlm {
  /** The base URL for LLM_BASE_URL (and EMBEDDINGS_BASE_URL). */
  url: string;
  calls: LlmCall[];
  embeddingCalls: EmbeddingCall[];
  /** Sets how the following requests are answered; index counts the requests since the last reset. */
  respond(action: (call: LlmCall, index: number) => LlmAction): void;
  /** Sets how the following embeddings requests are answered (default: 500). */
  respondEmbeddings(action: (call: EmbeddingCall, index: number) => EmbeddingAction): void;
  reset(): void;
  close(): Promise<void>;
}

export const reply = (value: object): LlmAction => ({ content: JSON.stringify(value) });

/** The app's settings for this server: the tests check the key and model it is sent. */
export const fakeLlmEnv = (llm: FakeLlm) => ({
  LLM_BASE_URL: llm.url,
  LLM_API_KEY: 'sk-test',
  LLM_MODEL: 'test-model',
  LLM_TIMEOUT_MS: '1000',
});

/** Answers as the test said: never, with a failure status, or (after its delay) with the body made of it. */
async function answerAs<T extends { delayMs?: number }>(
  res: ServerResponse,
  reply: T | { status: number } | { hang: true },
  body: (ok: T) => object,
) {
  if ('hang' in reply) return;
  if ('status' in reply) {
    failure(res, reply.status);
    return;
  }
  if (reply.delayMs) await sleep(reply.delayMs);
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body(reply)));
}

function failure(res: ServerResponse, status: number) {
  // retry-after-ms keeps the client's one retry quick.
  res
    .writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '10' })
    .end(JSON.stringify({ error: { message: 'failure', type: 'server_error' } }));
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const calls: LlmCall[] = [];
  const embeddingCalls: EmbeddingCall[] = [];
  let action: (call: LlmCall, index: number) => LlmAction = () => ({ status: 500 });
  let embeddingAction: (call: EmbeddingCall, index: number) => EmbeddingAction = () => ({ status: 500 });
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'POST' && req.url === '/embeddings') {
      const call: EmbeddingCall = {
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      };
      embeddingCalls.push(call);
      await answerAs(res, embeddingAction(call, embeddingCalls.length - 1), (ok) => ({
        object: 'list',
        model: call.body.model,
        data: ok.vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const call: LlmCall = {
      authorization: req.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString()),
    };
    calls.push(call);
    await answerAs(res, action(call, calls.length - 1), (ok) => ({
      id: `chatcmpl-${calls.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: call.body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: ok.content }, finish_reason: 'stop' }],
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    embeddingCalls,
    respond(next) {
      action = next;
    },
    respondEmbeddings(next) {
      embeddingAction = next;
    },
    reset() {
      calls.length = 0;
      embeddingCalls.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
