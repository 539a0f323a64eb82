// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/errors.ts';
import { useLiveAuthStore } from '../state/live-auth.ts';
import { registerLive } from './live-session.ts';

const reply = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('live registration', () => {
  beforeEach(() => {
    localStorage.clear();
    useLiveAuthStore.getState().clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the live credentials (one dialog: register_live)', async () => {
    const fetchMock = reply(200, {
      success: true,
      username_live: 'live_1',
      token_live: 'LT',
      refresh_token_live: 'LR',
      user_id: 5,
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await registerLive(['s1'])).toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/register_live');
    expect(localStorage.getItem('token_live')).toBe('LT');
    expect(localStorage.getItem('refresh_token_live')).toBe('LR');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('several dialogs use register_live_list', async () => {
    const fetchMock = reply(200, {
      success: true,
      username_live: 'l',
      token_live: 'a',
      refresh_token_live: 'b',
      user_id: 1,
    });
    vi.stubGlobal('fetch', fetchMock);
    await registerLive(['s1', 's2']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/register_live_list');
  });

  it("no success: 'Invalid credentials'; request error: 'Username already exists'; credentials cleared", async () => {
    useLiveAuthStore
      .getState()
      .setSession({ username_live: 'x', token_live: 'old', refresh_token_live: 'r', user_id_live: 1 });
    vi.stubGlobal('fetch', reply(200, { success: false }));
    expect(await registerLive(['s1'])).toEqual({ ok: false, message: MESSAGES.invalidCredentials });
    expect(localStorage.getItem('token_live')).toBeNull();
    vi.stubGlobal('fetch', reply(404, { title: 'not_found', msg: '' }));
    expect(await registerLive(['s1'])).toEqual({ ok: false, message: MESSAGES.usernameExists });
  });
});
