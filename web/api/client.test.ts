import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { ApiError, type ClientOptions, createApiClient, NETWORK_ERROR_TITLE } from './client.ts';
import { logoutMessage } from './clients.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, title: string, msg = '') => json(status, { title, msg });

function setup(handler: Handler, extra: Partial<ClientOptions> = {}) {
  const tokens = { token: 'A1', refresh: 'R1' };
  const calls: { url: string; auth: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      auth: headers.authorization ?? null,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return handler(url, init);
  });
  const hooks = {
    logout: vi.fn(),
    freshTokenRequired: vi.fn(),
    serverBusy: vi.fn(),
  };
  const client = createApiClient({
    logoutOnForbidden: true,
    getToken: () => tokens.token,
    getRefreshToken: () => tokens.refresh,
    setTokens: (t, r) => {
      tokens.token = t;
      tokens.refresh = r;
    },
    ...hooks,
    fetch: fetchMock as unknown as typeof fetch,
    ...extra,
  });
  return { client, calls, hooks, tokens, fetchMock };
}

/** A server where A1 is expired and R1 can be swapped for A2/R2. */
const expiringServer: Handler = (url, init) => {
  const auth = (init.headers as Record<string, string>).authorization;
  if (url === '/api/refresh') return json(200, { token: 'A2', refresh_token: 'R2' });
  if (auth === 'Bearer A2') return json(200, { ok: true, url });
  return fail(401, ERROR_TITLES.tokenExpired, 'abgelaufen');
};

describe('api client', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('sends the bearer token and JSON body, returns the parsed body', async () => {
    const { client, calls } = setup(() => json(200, { success: true }));
    await expect(client.post('/api/x', { a: 1 })).resolves.toEqual({ success: true });
    expect(calls[0]).toEqual({ url: '/api/x', auth: 'Bearer A1', body: { a: 1 } });
  });

  it('sends no token for auth:false calls and never sends the literal null', async () => {
    const { client, calls, tokens } = setup(() => json(200, {}));
    await client.post('/api/login', {}, { auth: false });
    tokens.token = 'null';
    await client.get('/api/y');
    expect(calls.map((c) => c.auth)).toEqual([null, null]);
  });

  it('401: refreshes once with the refresh token and retries with the new token', async () => {
    const { client, calls, tokens, hooks } = setup(expiringServer);
    await expect(client.get('/api/data')).resolves.toEqual({ ok: true, url: '/api/data' });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/data', 'Bearer A1'],
      ['/api/refresh', null],
      ['/api/data', 'Bearer A2'],
    ]);
    expect(calls[1]?.body).toEqual({ refresh_token: 'R1' });
    expect(tokens).toEqual({ token: 'A2', refresh: 'R2' });
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh call', async () => {
    const { client, calls } = setup(expiringServer);
    const results = await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(results).toHaveLength(3);
    expect(calls.filter((c) => c.url === '/api/refresh')).toHaveLength(1);
  });

  it('refresh failure logs out and rethrows the original error', async () => {
    const { client, hooks } = setup((url) =>
      url === '/api/refresh' ? fail(401, ERROR_TITLES.unauthorized) : fail(401, ERROR_TITLES.tokenExpired),
    );
    const err = await client.get('/api/data').catch((e: ApiError) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).title).toBe(ERROR_TITLES.tokenExpired);
    expect(hooks.logout).toHaveBeenCalledTimes(1);
    expect(hooks.logout.mock.calls[0]?.[0]).toBe('refresh_failed');
  });

  it('logs out without refreshing when there is no refresh token', async () => {
    const { client, hooks, calls } = setup(() => fail(401, ERROR_TITLES.unauthorized), {
      getRefreshToken: () => 'null',
    });
    await expect(client.get('/api/data')).rejects.toBeInstanceOf(ApiError);
    expect(calls.some((c) => c.url === '/api/refresh')).toBe(false);
    expect(hooks.logout).toHaveBeenCalledWith('refresh_failed', expect.any(ApiError));
  });

  it('a second 401 after a successful refresh logs out (retried only once)', async () => {
    const { client, hooks, calls } = setup((url) =>
      url === '/api/refresh' ? json(200, { token: 'A2', refresh_token: 'R2' }) : fail(401, 'unauthorized'),
    );
    await expect(client.get('/api/data')).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.url === '/api/data')).toHaveLength(2);
    expect(hooks.logout).toHaveBeenCalledTimes(1);
  });

  it('account_disabled logs out and is never retried', async () => {
    const { client, hooks, calls } = setup(() => fail(401, ERROR_TITLES.accountDisabled, 'deaktiviert'));
    await expect(client.get('/api/data')).rejects.toMatchObject({ title: ERROR_TITLES.accountDisabled });
    expect(calls).toHaveLength(1);
    expect(hooks.logout).toHaveBeenCalledWith('account_disabled', expect.any(ApiError));
  });

  it('account_disabled from the refresh call logs out', async () => {
    const { client, hooks, calls } = setup((url) =>
      url === '/api/refresh' ? fail(401, ERROR_TITLES.accountDisabled) : fail(401, ERROR_TITLES.tokenExpired),
    );
    await expect(client.get('/api/data')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(['/api/data', '/api/refresh']);
    expect(hooks.logout).toHaveBeenCalledWith('account_disabled', expect.any(ApiError));
  });

  it('403 logs out on the author client, not on the live client', async () => {
    const author = setup(() => fail(403, ERROR_TITLES.forbidden));
    await expect(author.client.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(author.hooks.logout).toHaveBeenCalledWith('forbidden', expect.any(ApiError));

    const live = setup(() => fail(403, ERROR_TITLES.forbidden), { logoutOnForbidden: false });
    await expect(live.client.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(live.hooks.logout).not.toHaveBeenCalled();
  });

  it('auth:false calls (login) never refresh or log out', async () => {
    const { client, hooks, calls } = setup(() => fail(401, ERROR_TITLES.invalidCredentials));
    await expect(client.post('/api/login', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    const disabled = setup(() => fail(403, ERROR_TITLES.accountDisabled));
    await expect(disabled.client.post('/api/login', {}, { auth: false })).rejects.toMatchObject({
      status: 403,
    });
    expect(calls).toHaveLength(1);
    expect(hooks.logout).not.toHaveBeenCalled();
    expect(disabled.hooks.logout).not.toHaveBeenCalled();
  });

  it("401 'Fresh token required' goes to re-login with the request config, without refreshing", async () => {
    const { client, hooks, calls } = setup(() => fail(401, ERROR_TITLES.freshTokenRequired));
    await expect(client.post('/api/excel_export', { survey_id: 's1' })).rejects.toMatchObject({
      title: ERROR_TITLES.freshTokenRequired,
    });
    expect(calls).toHaveLength(1);
    expect(hooks.freshTokenRequired).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', path: '/api/excel_export', body: { survey_id: 's1' } }),
      expect.any(ApiError),
    );
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('any 401 of a call with reloginOn401 (the export) goes to re-login, without refreshing', async () => {
    const { client, hooks, calls } = setup(() => fail(401, 'unauthorized', 'Token ungültig'));
    const config = { method: 'POST' as const, path: '/api/excel_export', reloginOn401: true };
    await expect(client.request(config)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(hooks.freshTokenRequired).toHaveBeenCalledWith(
      expect.objectContaining(config),
      expect.any(ApiError),
    );
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it("responseType 'blob' returns the file as a Blob; an error still reads as JSON", async () => {
    const file = new Response('a;b\n1;2', { status: 200, headers: { 'content-type': 'text/csv' } });
    const { client } = setup(() => file);
    const blob = await client.request<Blob>({ method: 'POST', path: '/x', responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('a;b\n1;2');
    const failing = setup(() => fail(400, 'bad_request', 'format: ungültig'));
    await expect(
      failing.client.request({ method: 'POST', path: '/x', responseType: 'blob' }),
    ).rejects.toMatchObject({ status: 400, msg: 'format: ungültig' });
  });

  it('503 server_busy calls the busy hook (banner) and rejects', async () => {
    const { client, hooks } = setup(() => fail(503, ERROR_TITLES.serverBusy, MESSAGES.serverBusy));
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(hooks.serverBusy).toHaveBeenCalledTimes(1);
    const other = setup(() => fail(503, 'maintenance'));
    await expect(other.client.get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(other.hooks.serverBusy).not.toHaveBeenCalled();
  });

  it('no response gives a network error (status 0) and no logout', async () => {
    const { client, hooks } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await client.get('/api/x').catch((e) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.title).toBe(NETWORK_ERROR_TITLE);
    expect(err.isNetworkError).toBe(true);
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('a refresh without response does not log out', async () => {
    const { client, hooks } = setup((url) => {
      if (url === '/api/refresh') throw new TypeError('offline');
      return fail(401, ERROR_TITLES.tokenExpired);
    });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('non-JSON errors keep the status text', async () => {
    const { client } = setup(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client.get('/api/x')).rejects.toMatchObject({
      status: 502,
      title: 'Bad Gateway',
      statusText: 'Bad Gateway',
    });
  });
});

describe('logout message', () => {
  it("'Token has expired' tells the user they were logged out automatically", () => {
    expect(logoutMessage('refresh_failed', new ApiError(401, ERROR_TITLES.tokenExpired, ''))).toBe(
      MESSAGES.tokenExpired,
    );
  });
  it('other reasons give the logged-out message, a disabled account its server text', () => {
    expect(logoutMessage('forbidden', new ApiError(403, 'forbidden', 'x'))).toBe(MESSAGES.loggedOut);
    expect(
      logoutMessage('account_disabled', new ApiError(401, ERROR_TITLES.accountDisabled, 'Gesperrt.')),
    ).toBe('Gesperrt.');
  });

  it('does not refresh again when another tab rotated the tokens while this one waited for the lock', async () => {
    const { client, calls, tokens } = setup(expiringServer, { lockName: 'test-lock' });
    const request = vi.fn(async (_name: string, fn: () => unknown) => {
      // The other tab held the lock and rotated the shared tokens before this tab got it.
      tokens.token = 'A2';
      tokens.refresh = 'R2';
      return fn();
    });
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      await expect(client.get('/api/data')).resolves.toEqual({ ok: true, url: '/api/data' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(request).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/data', '/api/data']);
    expect(calls[1]?.auth).toBe('Bearer A2');
  });

  it('refreshes under the lock when nobody rotated the tokens', async () => {
    const { client, calls } = setup(expiringServer, { lockName: 'test-lock' });
    const request = vi.fn(async (_name: string, fn: () => unknown) => fn());
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      await expect(client.get('/api/data')).resolves.toEqual({ ok: true, url: '/api/data' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls.map((c) => c.url)).toEqual(['/api/data', '/api/refresh', '/api/data']);
  });
});
