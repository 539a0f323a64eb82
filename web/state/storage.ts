/**
 * Thin, failure-tolerant access to localStorage. Stored credentials must never be the literal strings
 * 'null' or 'undefined' (SPEC §4): such values are read as "nothing stored".
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
  userId: 'user_id',
  tokenLive: 'token_live',
  refreshTokenLive: 'refresh_token_live',
  usernameLive: 'username_live',
  userIdLive: 'user_id_live',
  storageAccepted: 'storage_accepted',
  storedRoute: 'stored_route',
  storedConfig: 'stored_config',
  themeMode: 'theme_mode',
  language: 'language',
  chatSounds: 'chat_sounds',
} as const;

/**
 * Per-dialog keys: the configurator graph's edge visibility (SPEC §4, kept per dialog) and the
 * respondent's local chat history (SPEC §3).
 */
export type PerDialogKey = `graph_view_${string}` | `chat_history_${string}`;
export const graphPrefsKey = (surveyId: string): PerDialogKey => `graph_view_${surveyId}`;
export const CHAT_HISTORY_PREFIX = 'chat_history_';
export const chatHistoryKey = (surveyId: string): PerDialogKey => `${CHAT_HISTORY_PREFIX}${surveyId}`;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | PerDialogKey;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * Where values go when the browser refuses localStorage (the embed widget's iframe on another site with
 * third-party storage blocked, some private modes): kept for this page only, so the session still works.
 */
function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    key: (index) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
  };
}
let memory: KeyValueStore | undefined;

function storage(): KeyValueStore | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window.localStorage;
  } catch {
    memory ??= memoryStore();
    return memory;
  }
}

/** A usable stored value: present, not empty and not the literal 'null' or 'undefined'. */
export function isUsable(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '' && value !== 'null' && value !== 'undefined';
}

export function readStored(key: StorageKey): string | null {
  const value = storage()?.getItem(key);
  return isUsable(value) ? value : null;
}

/** Writes a value; null or undefined removes the key (never stores the string 'null'). */
export function writeStored(key: StorageKey, value: string | number | boolean | null | undefined): void {
  const s = storage();
  if (!s) return;
  try {
    if (value === null || value === undefined || value === '') s.removeItem(key);
    else s.setItem(key, String(value));
  } catch {
    // Storage full or blocked (private mode): the session simply is not remembered.
  }
}

/** The stored keys that start with a prefix (e.g. every dialog's chat history). */
export function storedKeysWithPrefix(prefix: string): string[] {
  const s = storage();
  if (!s) return [];
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

export function readStoredJson<T>(key: StorageKey): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
