import { navigateTo } from '../navigation.ts';
import { queryClient } from '../query-client.ts';
import { type AlertType, useAuthStore } from './auth.ts';
import { useDialogStore } from './dialog.ts';

/**
 * Ends the author session (SPEC §4): clears credentials, cached data and the held dialog, leaves a
 * message for the login screen and goes to /login.
 */
export function endAuthorSession(text: string, type: AlertType = 'warning'): void {
  useAuthStore.getState().clearSession();
  useAuthStore.getState().setGlobalError({ text, type });
  useDialogStore.getState().clear();
  queryClient.clear();
  navigateTo('/login', { replace: true });
}
