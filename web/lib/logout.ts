import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import { authorApi } from '../api/clients.ts';
import i18next from '../i18n/index.ts';
import { useAuthStore } from '../state/auth.ts';
import { endAuthorSession } from '../state/session.ts';

/** Logout from the user menu: revoke the refresh token, clear the session, go to /login. */
export async function logoutAuthor(): Promise<void> {
  const refreshToken = useAuthStore.getState().refresh_token;
  try {
    await authorApi.call(authorRoutes.logout, refreshToken ? { refresh_token: refreshToken } : {}, {
      auth: false,
    });
  } catch (error) {
    console.warn('logout call failed; clearing the session anyway', error);
  }
  endAuthorSession(i18next.t('messages.loggedOut'), 'info');
}
