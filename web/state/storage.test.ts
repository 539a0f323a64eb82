// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, STORAGE_KEYS, storedKeysWithPrefix, writeStored } from './storage.ts';

describe('stored values', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('never stores the literal null and lists keys by prefix', () => {
    writeStored(STORAGE_KEYS.tokenLive, 'T');
    writeStored('chat_history_a', '[]');
    writeStored('chat_history_b', '[]');
    expect(readStored(STORAGE_KEYS.tokenLive)).toBe('T');
    expect(storedKeysWithPrefix('chat_history_').sort()).toEqual(['chat_history_a', 'chat_history_b']);
    writeStored(STORAGE_KEYS.tokenLive, null);
    expect(localStorage.getItem('token_live')).toBeNull();
  });

  it('keeps values for the page when the browser refuses localStorage (third-party iframe)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    writeStored(STORAGE_KEYS.tokenLive, 'T');
    writeStored('chat_history_x', '[1]');
    expect(readStored(STORAGE_KEYS.tokenLive)).toBe('T');
    expect(storedKeysWithPrefix('chat_history_')).toEqual(['chat_history_x']);
    writeStored(STORAGE_KEYS.tokenLive, null);
    expect(readStored(STORAGE_KEYS.tokenLive)).toBeNull();
  });
});
