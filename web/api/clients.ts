import { ERROR_TITLES } from '../../contract/errors.ts';
import type { Navbar } from '../../contract/routes.ts';
import i18next from '../i18n/index.ts';
import { currentRoute, navigateTo } from '../navigation.ts';
import { useAuthStore } from '../state/auth.ts';
import { useBannerStore } from '../state/banner.ts';
import { endAuthorSession } from '../state/session.ts';
import { readStored, STORAGE_KEYS } from '../state/storage.ts';
import { type ApiClient, type ApiError, createApiClient, type LogoutReason } from './client.ts';
import { liveApi } from './live-client.ts';

export { liveApi };

/** The message the login screen shows after the client ended the session. */
export function logoutMessage(reason: LogoutReason, error: ApiError): string {
  if (error.title === ERROR_TITLES.tokenExpired) return i18next.t('messages.tokenExpired');
  if (reason === 'account_disabled' && error.msg) return error.msg;
  return i18next.t('messages.loggedOut');
}

const serverBusy = () => useBannerStore.getState().showServerBusy();

/** Author client: tokens 'token' / 'refresh_token'. */
// Tokens are read from localStorage, the store every tab shares, so a rotation in one tab is seen by all.
export const authorApi: ApiClient = createApiClient({
  logoutOnForbidden: true,
  lockName: 'dialogwerk-refresh-author',
  getToken: () => readStored(STORAGE_KEYS.token),
  getRefreshToken: () => readStored(STORAGE_KEYS.refreshToken),
  setTokens: (token, refreshToken) => useAuthStore.getState().setTokens(token, refreshToken),
  logout: (reason, error) => endAuthorSession(logoutMessage(reason, error)),
  freshTokenRequired: (config) => {
    const { method, path, body } = config;
    useAuthStore.getState().storeReturn(currentRoute(), { method, path, body });
    navigateTo('/login_refresh');
  },
  serverBusy,
});

/** SPEC §2/§6: a route whose navbar is 'live' talks through the live client, others the author client. */
export const apiFor = (navbar: Navbar): ApiClient => (navbar === 'live' ? liveApi : authorApi);
