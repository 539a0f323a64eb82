import { create } from 'zustand';
import { isUsable, STORAGE_KEYS as K, readStored, readStoredJson, writeStored } from './storage.ts';

/** Alert type of the message the login screen shows (MUI Alert severities). */
export type AlertType = 'error' | 'warning' | 'info' | 'success';

export interface GlobalAuthError {
  text: string;
  type: AlertType;
}

/** The request that needed a fresh token, kept so the screen can repeat it after re-login. */
export interface StoredRequestConfig {
  method: string;
  path: string;
  body?: unknown;
}

export interface AuthorSession {
  username: string;
  firstName: string;
  lastName: string;
  token: string;
  refresh_token: string;
  user_id: number | null;
}

/** Author auth state of SPEC §3. */
export interface AuthState extends AuthorSession {
  storedRoute: string | null;
  storedConfig: StoredRequestConfig | null;
  globalError: GlobalAuthError | null;
  setSession(session: AuthorSession): void;
  setTokens(token: string, refreshToken: string): void;
  setProfile(profile: { username: string; firstName: string; lastName: string; user_id: number }): void;
  clearSession(): void;
  setGlobalError(error: GlobalAuthError | null): void;
  storeReturn(route: string, config: StoredRequestConfig | null): void;
  clearReturn(): void;
}

const EMPTY: AuthorSession = {
  username: '',
  firstName: '',
  lastName: '',
  token: '',
  refresh_token: '',
  user_id: null,
};

function persist(s: AuthorSession): void {
  writeStored(K.token, s.token);
  writeStored(K.refreshToken, s.refresh_token);
  writeStored(K.username, s.username);
  writeStored(K.firstName, s.firstName);
  writeStored(K.lastName, s.lastName);
  writeStored(K.userId, s.user_id);
}

/**
 * Automatic login from stored credentials (SPEC §4): needs a token and a username, and the token must
 * not be the literal 'null'. Anything less is cleared from storage.
 */
export function readStoredAuthorSession(): AuthorSession | null {
  const token = readStored(K.token);
  const username = readStored(K.username);
  if (!token || !username) return null;
  const userId = Number(readStored(K.userId));
  return {
    token,
    username,
    refresh_token: readStored(K.refreshToken) ?? '',
    firstName: readStored(K.firstName) ?? '',
    lastName: readStored(K.lastName) ?? '',
    user_id: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...EMPTY,
  storedRoute: null,
  storedConfig: null,
  globalError: null,
  setSession(session) {
    persist(session);
    set({ ...session });
  },
  setTokens(token, refreshToken) {
    writeStored(K.token, token);
    writeStored(K.refreshToken, refreshToken);
    set({ token, refresh_token: refreshToken });
  },
  setProfile(profile) {
    const next = { ...pickSession(get()), ...profile };
    persist(next);
    set(profile);
  },
  clearSession() {
    persist(EMPTY);
    set({ ...EMPTY });
  },
  setGlobalError(globalError) {
    set({ globalError });
  },
  storeReturn(route, config) {
    writeStored(K.storedRoute, route);
    writeStored(K.storedConfig, config ? JSON.stringify(config) : null);
    set({ storedRoute: route, storedConfig: config });
  },
  clearReturn() {
    writeStored(K.storedRoute, null);
    writeStored(K.storedConfig, null);
    set({ storedRoute: null, storedConfig: null });
  },
}));

function pickSession(s: AuthorSession): AuthorSession {
  return {
    username: s.username,
    firstName: s.firstName,
    lastName: s.lastName,
    token: s.token,
    refresh_token: s.refresh_token,
    user_id: s.user_id,
  };
}

/** On start: restore the author session and the stored re-login route, or clear unusable leftovers. */
export function restoreAuthorSession(): boolean {
  const session = readStoredAuthorSession();
  const storedRoute = readStored(K.storedRoute);
  const storedConfig = readStoredJson<StoredRequestConfig>(K.storedConfig);
  useAuthStore.setState({ storedRoute, storedConfig });
  if (!session) {
    useAuthStore.getState().clearSession();
    return false;
  }
  useAuthStore.setState(session);
  return true;
}

export const isAuthenticated = (s: Pick<AuthState, 'token' | 'username'>) =>
  isUsable(s.token) && isUsable(s.username);
