import { create } from 'zustand';
import { STORAGE_KEYS as K, readStored, writeStored } from './storage.ts';

export interface LiveSession {
  username_live: string;
  token_live: string;
  refresh_token_live: string;
  user_id_live: number | null;
}

/** Live (respondent) auth state of SPEC §3. */
export interface LiveAuthState extends LiveSession {
  storage_accepted: boolean;
  setSession(session: LiveSession): void;
  setTokens(token: string, refreshToken: string): void;
  setStorageAccepted(accepted: boolean): void;
  clearSession(): void;
}

const EMPTY: LiveSession = { username_live: '', token_live: '', refresh_token_live: '', user_id_live: null };

function persist(s: LiveSession): void {
  writeStored(K.tokenLive, s.token_live);
  writeStored(K.refreshTokenLive, s.refresh_token_live);
  writeStored(K.usernameLive, s.username_live);
  writeStored(K.userIdLive, s.user_id_live);
}

/** Automatic live login: needs token_live and username_live; the literal 'null' does not count. */
export function readStoredLiveSession(): LiveSession | null {
  const token = readStored(K.tokenLive);
  const username = readStored(K.usernameLive);
  if (!token || !username) return null;
  const userId = Number(readStored(K.userIdLive));
  return {
    token_live: token,
    username_live: username,
    refresh_token_live: readStored(K.refreshTokenLive) ?? '',
    user_id_live: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

export const useLiveAuthStore = create<LiveAuthState>()((set) => ({
  ...EMPTY,
  storage_accepted: false,
  setSession(session) {
    persist(session);
    set({ ...session });
  },
  setTokens(token, refreshToken) {
    writeStored(K.tokenLive, token);
    writeStored(K.refreshTokenLive, refreshToken);
    set({ token_live: token, refresh_token_live: refreshToken });
  },
  setStorageAccepted(accepted) {
    writeStored(K.storageAccepted, accepted ? 'true' : null);
    set({ storage_accepted: accepted });
  },
  /** Cleared on failure, or when privacy or storage consent is withdrawn (SPEC §4). */
  clearSession() {
    persist(EMPTY);
    set({ ...EMPTY });
  },
}));

export function restoreLiveSession(): boolean {
  useLiveAuthStore.setState({ storage_accepted: readStored(K.storageAccepted) === 'true' });
  const session = readStoredLiveSession();
  if (!session) {
    useLiveAuthStore.getState().clearSession();
    return false;
  }
  useLiveAuthStore.setState(session);
  return true;
}
