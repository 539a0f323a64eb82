import { useBannerStore } from '../state/banner.ts';
import { useLiveAuthStore } from '../state/live-auth.ts';
import { readStored, STORAGE_KEYS } from '../state/storage.ts';
import { type ApiClient, createApiClient } from './client.ts';

/**
 * Live client: tokens 'token_live' / 'refresh_token_live'. Ending a live session only clears the live
 * credentials: the chat registers anew on demand (SPEC §4). Kept apart from the author client so the
 * respondent bundle (web/live/) loads neither i18next nor the author stores.
 */
export const liveApi: ApiClient = createApiClient({
  logoutOnForbidden: false,
  lockName: 'dialogwerk-refresh-live',
  getToken: () => readStored(STORAGE_KEYS.tokenLive),
  getRefreshToken: () => readStored(STORAGE_KEYS.refreshTokenLive),
  setTokens: (token, refreshToken) => useLiveAuthStore.getState().setTokens(token, refreshToken),
  logout: () => useLiveAuthStore.getState().clearSession(),
  freshTokenRequired: () => useLiveAuthStore.getState().clearSession(),
  serverBusy: () => useBannerStore.getState().showServerBusy(),
});
