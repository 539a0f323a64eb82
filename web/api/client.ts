import { type CallInput, type CallResponse, type CallTarget, fillPath } from '../../contract/endpoint.ts';
import { respondentRoutes } from '../../contract/endpoints/respondent-routes.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';

/** Title of the error thrown when the server gave no response at all. */
export const NETWORK_ERROR_TITLE = 'network_error';

/** A failed call: the HTTP status (0 = no response) and the server's { title, msg }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly msg: string,
    readonly statusText = '',
    readonly body: unknown = undefined,
  ) {
    super(`${status} ${title}: ${msg}`);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Send the bearer token and apply the session rules (default true). Login-type calls pass false. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob': a successful response is returned as a Blob (file downloads); errors stay JSON. */
  responseType?: 'json' | 'blob';
  /** Any 401 goes to the re-login screen without a refresh (SPEC §8: the excel export). */
  reloginOn401?: boolean;
}

export interface RequestConfig extends RequestOptions {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

/** Why the client ends a session. */
export type LogoutReason = 'refresh_failed' | 'account_disabled' | 'forbidden';

export interface ClientHooks {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(token: string, refreshToken: string): void;
  /** End the session; `error` is the failure that caused it (its title tells e.g. 'Token has expired'). */
  logout(reason: LogoutReason, error: ApiError): void;
  /** 401 'Fresh token required': remember where we are and what was asked, go to the re-login screen. */
  freshTokenRequired(config: RequestConfig, error: ApiError): void;
  /** 503 server_busy. */
  serverBusy(error: ApiError): void;
}

export interface ClientOptions extends ClientHooks {
  /** 403 ends the session (author client only, SPEC §8). */
  logoutOnForbidden: boolean;
  /**
   * Name of the Web Lock that serialises refreshes across browser tabs. Refresh tokens rotate and a reused
   * one revokes its family, so two tabs must never refresh with the same token at once.
   */
  lockName?: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** `api.call(endpoints.x)` for calls without input; otherwise the input is required. */
type CallArgs<E extends CallTarget> =
  CallInput<E> extends undefined
    ? [input?: undefined, options?: RequestOptions]
    : [input: CallInput<E> | (E extends { multipart: true } ? FormData : never), options?: RequestOptions];

export interface ApiClient {
  request<T>(config: RequestConfig): Promise<T>;
  /** Calls an endpoint of the table (contract/endpoints): path, query and body filled from one input. */
  call<E extends CallTarget>(endpoint: E, ...args: CallArgs<E>): Promise<CallResponse<E>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

const usable = (t: string | null): t is string => !!t && t !== 'null' && t !== 'undefined';

async function readBody(res: Response, blob = false): Promise<unknown> {
  if (blob && res.ok) return res.blob();
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(res: Response, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { title?: unknown; msg?: unknown };
  const title = typeof b.title === 'string' ? b.title : res.statusText || `HTTP ${res.status}`;
  const msg = typeof b.msg === 'string' ? b.msg : typeof body === 'string' ? body : '';
  return new ApiError(res.status, title, msg, res.statusText, body);
}

const networkError = (cause: unknown) =>
  Object.assign(new ApiError(0, NETWORK_ERROR_TITLE, 'Keine Antwort vom Server.'), { cause });

type RefreshOutcome = { ok: true } | { ok: false; error: ApiError };

/**
 * The one place where SPEC §8's session rules live. The author client and the live client are two
 * instances with different token slots and hooks.
 *
 * - 401: refresh once (POST /api/refresh, shared by concurrent calls) and retry; refresh failure: logout
 * - title account_disabled (any status): logout, never retried
 * - 403: logout (when logoutOnForbidden)
 * - 401 'Fresh token required', or any 401 of a call with reloginOn401: freshTokenRequired hook
 *   (re-login screen), no refresh
 * - 503 server_busy: serverBusy hook (info banner)
 * - no response: ApiError with status 0 (network error)
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  let refreshing: Promise<RefreshOutcome> | null = null;

  async function send(config: RequestConfig, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
    let body: BodyInit | undefined;
    if (config.body instanceof FormData) body = config.body;
    else if (config.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(config.body);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(baseUrl + config.path, {
        method: config.method,
        headers,
        body,
        signal: config.signal,
      });
    } catch (cause) {
      if (config.signal?.aborted) throw cause;
      throw networkError(cause);
    }
  }

  async function runRefresh(): Promise<RefreshOutcome> {
    const refreshToken = options.getRefreshToken();
    if (!usable(refreshToken)) {
      return { ok: false, error: new ApiError(401, ERROR_TITLES.unauthorized, 'Kein Refresh-Token.') };
    }
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${respondentRoutes.refresh.path}`, {
        method: respondentRoutes.refresh.method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch (cause) {
      return { ok: false, error: networkError(cause) };
    }
    const body = await readBody(res);
    if (!res.ok) return { ok: false, error: toApiError(res, body) };
    const tokens = body as { token?: unknown; refresh_token?: unknown };
    if (typeof tokens?.token !== 'string' || typeof tokens.refresh_token !== 'string') {
      return { ok: false, error: new ApiError(res.status, ERROR_TITLES.unauthorized, 'Ungültige Antwort.') };
    }
    options.setTokens(tokens.token, tokens.refresh_token);
    return { ok: true };
  }

  /** Under the cross-tab lock: skip the call when another tab already rotated the token we started with. */
  function refreshAcrossTabs(): Promise<RefreshOutcome> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks || !options.lockName) return runRefresh();
    const startedWith = options.getRefreshToken();
    return locks.request(options.lockName, () =>
      options.getRefreshToken() !== startedWith && usable(options.getToken())
        ? ({ ok: true } as const)
        : runRefresh(),
    );
  }

  /** Concurrent 401s share one refresh call. */
  function refreshOnce(): Promise<RefreshOutcome> {
    refreshing ??= refreshAcrossTabs().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A refresh that failed for a reason other than the network or overload ends the session. */
  function refreshFailed(outcome: { error: ApiError }, original: ApiError): never {
    const { error } = outcome;
    if (error.isNetworkError) throw error;
    if (error.title === ERROR_TITLES.serverBusy) {
      options.serverBusy(error);
      throw error;
    }
    if (error.title === ERROR_TITLES.accountDisabled) {
      options.logout('account_disabled', error);
      throw error;
    }
    options.logout('refresh_failed', original);
    throw original;
  }

  async function request<T>(config: RequestConfig): Promise<T> {
    const auth = config.auth !== false;
    const token = auth ? options.getToken() : null;
    const usedToken = usable(token) ? token : null;
    const blob = config.responseType === 'blob';
    let res = await send(config, usedToken);
    let body = await readBody(res, blob);
    let retried = false;

    if (auth && res.status === 401) {
      const first = toApiError(res, body);
      if (first.title === ERROR_TITLES.accountDisabled) {
        options.logout('account_disabled', first);
        throw first;
      }
      if (first.title === ERROR_TITLES.freshTokenRequired || config.reloginOn401) {
        options.freshTokenRequired(config, first);
        throw first;
      }
      const current = options.getToken();
      // Another call refreshed meanwhile: just retry with the new token.
      if (!(usable(current) && current !== usedToken)) {
        const outcome = await refreshOnce();
        if (!outcome.ok) refreshFailed(outcome, first);
      }
      retried = true;
      res = await send(config, options.getToken());
      body = await readBody(res, blob);
    }

    if (res.ok) return body as T;

    const error = toApiError(res, body);
    if (auth) {
      if (error.title === ERROR_TITLES.accountDisabled) options.logout('account_disabled', error);
      else if (res.status === 401 && error.title === ERROR_TITLES.freshTokenRequired)
        options.freshTokenRequired(config, error);
      else if (res.status === 401 && retried) options.logout('refresh_failed', error);
      else if (res.status === 403 && options.logoutOnForbidden) options.logout('forbidden', error);
    }
    if (res.status === 503 && error.title === ERROR_TITLES.serverBusy) options.serverBusy(error);
    throw error;
  }

  function call<E extends CallTarget>(endpoint: E, ...[input, options]: CallArgs<E>) {
    if (input instanceof FormData) {
      return request<CallResponse<E>>({
        ...options,
        method: endpoint.method,
        path: endpoint.path,
        body: input,
      });
    }
    const { path, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) query.set(key, String(value));
      const search = query.toString();
      return request<CallResponse<E>>({
        ...options,
        method: endpoint.method,
        path: search ? `${path}?${search}` : path,
      });
    }
    // A respondent route has no schemas at run time (RouteRef): it sends what it was given.
    const isRoute = !('response' in endpoint);
    const body = isRoute || endpoint.body ? rest : undefined;
    return request<CallResponse<E>>({ ...options, method: endpoint.method, path, body });
  }

  return {
    request,
    call,
    get: (path, o) => request({ ...o, method: 'GET', path }),
    post: (path, body, o) => request({ ...o, method: 'POST', path, body }),
    put: (path, body, o) => request({ ...o, method: 'PUT', path, body }),
    delete: (path, o) => request({ ...o, method: 'DELETE', path }),
  };
}
