import { useLiveAuthStore } from '../../state/live-auth.ts';
import { clearAllHistories } from '../session/history-store.ts';

/** Consent withdrawn (or data deleted): no credentials, no consent and no stored history remain. */
export function forgetRespondent(): void {
  clearAllHistories();
  const auth = useLiveAuthStore.getState();
  auth.clearSession();
  auth.setStorageAccepted(false);
}
