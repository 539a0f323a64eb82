// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { isAuthenticated, readStoredAuthorSession, restoreAuthorSession, useAuthStore } from './auth.ts';
import { readStoredLiveSession, restoreLiveSession, useLiveAuthStore } from './live-auth.ts';

const session = {
  username: 'anna',
  firstName: 'Anna',
  lastName: 'Muster',
  token: 'T',
  refresh_token: 'R',
  user_id: 7,
};

describe('author auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearSession();
  });

  it('persists the session under the keys token and refresh_token (plus profile keys)', () => {
    useAuthStore.getState().setSession(session);
    expect(localStorage.getItem('token')).toBe('T');
    expect(localStorage.getItem('refresh_token')).toBe('R');
    expect(localStorage.getItem('username')).toBe('anna');
    expect(localStorage.getItem('first_name')).toBe('Anna');
    expect(localStorage.getItem('last_name')).toBe('Muster');
    expect(localStorage.getItem('user_id')).toBe('7');
  });

  it('new tokens replace the stored ones', () => {
    useAuthStore.getState().setSession(session);
    useAuthStore.getState().setTokens('T2', 'R2');
    expect(localStorage.getItem('token')).toBe('T2');
    expect(localStorage.getItem('refresh_token')).toBe('R2');
    expect(useAuthStore.getState().token).toBe('T2');
  });

  it('clearing removes the keys instead of writing the string null', () => {
    useAuthStore.getState().setSession(session);
    useAuthStore.getState().clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(isAuthenticated(useAuthStore.getState())).toBe(false);
  });

  it('restores automatically from a stored token and username', () => {
    localStorage.setItem('token', 'T');
    localStorage.setItem('refresh_token', 'R');
    localStorage.setItem('username', 'anna');
    localStorage.setItem('user_id', '7');
    expect(restoreAuthorSession()).toBe(true);
    const s = useAuthStore.getState();
    expect([s.token, s.refresh_token, s.username, s.user_id]).toEqual(['T', 'R', 'anna', 7]);
    expect(isAuthenticated(s)).toBe(true);
  });

  it("never restores with the literal token 'null' (and clears the leftovers)", () => {
    localStorage.setItem('token', 'null');
    localStorage.setItem('refresh_token', 'R');
    localStorage.setItem('username', 'anna');
    expect(readStoredAuthorSession()).toBeNull();
    expect(restoreAuthorSession()).toBe(false);
    expect(useAuthStore.getState().token).toBe('');
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('needs a username as well as a token', () => {
    localStorage.setItem('token', 'T');
    expect(restoreAuthorSession()).toBe(false);
    localStorage.setItem('token', 'T');
    localStorage.setItem('username', 'undefined');
    expect(restoreAuthorSession()).toBe(false);
  });

  it('keeps the re-login route and request config across a reload', () => {
    useAuthStore.getState().storeReturn('/analyse/s1', { method: 'POST', path: '/api/excel_export' });
    useAuthStore.setState({ storedRoute: null, storedConfig: null });
    restoreAuthorSession();
    expect(useAuthStore.getState().storedRoute).toBe('/analyse/s1');
    expect(useAuthStore.getState().storedConfig).toEqual({ method: 'POST', path: '/api/excel_export' });
    useAuthStore.getState().clearReturn();
    expect(localStorage.getItem('stored_route')).toBeNull();
  });
});

describe('live auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    useLiveAuthStore.getState().clearSession();
  });

  const live = { username_live: 'live_x', token_live: 'LT', refresh_token_live: 'LR', user_id_live: 3 };

  it('persists under token_live and refresh_token_live', () => {
    useLiveAuthStore.getState().setSession(live);
    expect(localStorage.getItem('token_live')).toBe('LT');
    expect(localStorage.getItem('refresh_token_live')).toBe('LR');
    expect(localStorage.getItem('username_live')).toBe('live_x');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('restores automatically, never with the literal null', () => {
    useLiveAuthStore.getState().setSession(live);
    useLiveAuthStore.setState({ token_live: '' });
    expect(restoreLiveSession()).toBe(true);
    expect(useLiveAuthStore.getState().token_live).toBe('LT');
    localStorage.setItem('token_live', 'null');
    expect(readStoredLiveSession()).toBeNull();
    expect(restoreLiveSession()).toBe(false);
    expect(localStorage.getItem('refresh_token_live')).toBeNull();
  });

  it('remembers storage consent', () => {
    useLiveAuthStore.getState().setStorageAccepted(true);
    useLiveAuthStore.setState({ storage_accepted: false });
    restoreLiveSession();
    expect(useLiveAuthStore.getState().storage_accepted).toBe(true);
  });
});
