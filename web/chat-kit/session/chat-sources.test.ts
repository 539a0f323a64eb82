// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { authorApi } from '../../api/clients.ts';
import { restoreLiveSession, useLiveAuthStore } from '../../state/live-auth.ts';
import { botEntry, textInput, turn, UNANSWERED_FOLLOW_UP } from '../test-data.ts';
import { chatApi } from './chat-api.ts';
import { historyOrStart, liveChatSource } from './chat-sources.ts';
import { readHistory, writeHistory } from './history-store.ts';

/** The live chat's source against a faked server: registration, resume and the reuse rules. */

type Reply = { status: number; body: unknown };
const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(routes: Record<string, Reply | Reply[]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input);
    calls.push(path);
    const reply = routes[path];
    const next = Array.isArray(reply) ? reply.shift() : reply;
    return json(next ?? { status: 500, body: { title: 'x', msg: `unexpected ${path}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const registered: Reply = {
  status: 200,
  body: { success: true, username_live: 'live_1', token_live: 'LT2', refresh_token_live: 'LR2', user_id: 2 },
};
const { question, answer, followUp } = UNANSWERED_FOLLOW_UP;
const serverTurn = turn(
  [question, answer, followUp],
  textInput({ type: 'nachfrage', nachfrage_id: 'q', turn: 1 }),
);

function signedIn() {
  localStorage.setItem('token_live', 'LT');
  localStorage.setItem('username_live', 'live_0');
  restoreLiveSession();
}

describe('live chat source', () => {
  beforeEach(() => {
    localStorage.clear();
    useLiveAuthStore.getState().clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a returning respondent sees the stored history without the open follow-up, then the server history', async () => {
    signedIn();
    writeHistory('S1', [question, answer, followUp]);
    const calls = server({ '/api/chat/history': { status: 200, body: serverTurn } });
    const source = liveChatSource('S1');
    expect(source.preview).toEqual([question, answer]);
    const opened = await source.open();
    expect(calls).toEqual(['/api/chat/history']);
    expect(opened).toEqual({ res: serverTurn, resumed: true });
  });

  it('without stored history it clears nothing else and begins a new chat', async () => {
    signedIn();
    const calls = server({ '/api/chat/start': { status: 200, body: turn([botEntry('Hallo')]) } });
    const source = liveChatSource('S1');
    expect(source.preview).toBeUndefined();
    expect((await source.open()).resumed).toBe(false);
    expect(calls).toEqual(['/api/chat/start']);
  });

  it('stored history without live credentials is not reused (and is cleared)', async () => {
    writeHistory('S1', [question]);
    const calls = server({
      '/api/register_live': registered,
      '/api/chat/start': { status: 200, body: turn([botEntry('Hallo')]) },
    });
    const source = liveChatSource('S1');
    expect(source.preview).toBeUndefined();
    expect(readHistory('S1')).toBeNull();
    await source.open();
    expect(calls).toEqual(['/api/register_live', '/api/chat/start']);
    expect(localStorage.getItem('token_live')).toBe('LT2');
  });

  it('a history the server no longer has (404) begins anew', async () => {
    signedIn();
    writeHistory('S1', [question]);
    const calls = server({
      '/api/chat/history': { status: 404, body: { title: 'not_found', msg: 'kein Chat' } },
      '/api/chat/start': { status: 200, body: turn([botEntry('Hallo')]) },
    });
    expect((await liveChatSource('S1').open()).resumed).toBe(false);
    expect(calls).toEqual(['/api/chat/history', '/api/chat/start']);
  });

  it('credentials of another dialog are replaced by a registration for this one', async () => {
    signedIn();
    writeHistory('S1', [question]);
    const calls = server({
      '/api/chat/history': { status: 403, body: { title: ERROR_TITLES.liveNotRegistered, msg: 'x' } },
      '/api/register_live': registered,
      '/api/chat/start': { status: 200, body: turn([botEntry('Hallo')]) },
    });
    expect((await liveChatSource('S1').open()).resumed).toBe(false);
    expect(calls).toEqual(['/api/chat/history', '/api/register_live', '/api/chat/start']);
    expect(readHistory('S1')).toBeNull();
  });

  it('refused credentials are cleared, and the respondent is registered anew and begins afresh', async () => {
    signedIn();
    localStorage.setItem('refresh_token_live', 'LR');
    writeHistory('S1', [question]);
    const calls = server({
      '/api/chat/history': { status: 401, body: { title: 'unauthorized', msg: 'Ungültiges Token.' } },
      '/api/refresh': { status: 401, body: { title: 'unauthorized', msg: 'Ungültiges Token.' } },
      '/api/register_live': registered,
      '/api/chat/start': { status: 200, body: turn([botEntry('Hallo')]) },
    });
    expect((await liveChatSource('S1').open()).resumed).toBe(false);
    expect(calls).toEqual(['/api/chat/history', '/api/refresh', '/api/register_live', '/api/chat/start']);
    expect(localStorage.getItem('token_live')).toBe('LT2');
    expect(readHistory('S1')).toBeNull();
  });

  it("a failed registration gives SPEC §8's message", async () => {
    server({ '/api/register_live': { status: 200, body: { success: false } } });
    await expect(liveChatSource('S1').open()).rejects.toThrow('Invalid credentials');
  });

  it('keeps the history it is given under the dialog id', () => {
    signedIn();
    liveChatSource('S1').persist?.([question, answer]);
    expect(readHistory('S1')).toEqual([question, answer]);
  });
});

describe("the author's test chat (historyOrStart)", () => {
  it('asks start only: no history probe that fails with 404 when nothing was begun', async () => {
    const api = {
      start: vi.fn(async () => turn([botEntry('Willkommen'), question], textInput())),
      history: vi.fn(),
    };
    const { res, resumed } = await historyOrStart(api);
    expect(api.history).not.toHaveBeenCalled();
    expect(res.messages).toHaveLength(2);
    // A new chat is paced.
    expect(resumed).toBe(false);
  });

  it('a chat begun before (start returns it as it is) is shown at once when it holds an answer', async () => {
    const api = { start: vi.fn(async () => serverTurn) };
    expect((await historyOrStart(api)).resumed).toBe(true);
  });

  it('the assessment chat reaches the server with chat/start only', async () => {
    localStorage.setItem('token', 'T');
    const calls = server({ '/api/chat/start': { status: 200, body: turn([question], textInput()) } });
    await historyOrStart(chatApi(authorApi, 'S1'));
    expect(calls).toEqual(['/api/chat/start']);
  });
});
