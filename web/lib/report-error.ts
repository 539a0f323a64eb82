import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { ApiError } from '../api/client.ts';
import { useErrorStore } from '../state/error.ts';

/**
 * A failed call raises the global error alert (SPEC §8) with a German title naming the action and the
 * server's reason. Calls that ended the session (401, 403, disabled account) already went to the login.
 */
export function reportCallError(title: string, failure: unknown): void {
  console.error(title, failure);
  if (failure instanceof ApiError) {
    if (failure.status === 401 || failure.status === 403) return;
    if (failure.title === ERROR_TITLES.accountDisabled) return;
    useErrorStore.getState().showError({
      title,
      msg: failure.msg || `${MESSAGES.genericError}${failure.status ? ` (${failure.status})` : ''}`,
    });
    return;
  }
  useErrorStore.getState().showError({ title, msg: MESSAGES.genericError });
}
