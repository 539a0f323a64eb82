import { ApiError } from '../../api/client.ts';

export type LoginMessageKey =
  | 'loginNoResponse'
  | 'loginPasswordExpired'
  | 'loginTooManyAttempts'
  | 'invalidCredentials';

/** SPEC §8 login failures: no response, 418, 429, and 'Invalid credentials' for everything else. */
export function loginErrorKey(error: unknown): LoginMessageKey {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'loginNoResponse';
    if (error.status === 418) return 'loginPasswordExpired';
    if (error.status === 429) return 'loginTooManyAttempts';
  }
  return 'invalidCredentials';
}

/**
 * SPEC §8 magic-link registration failure: the server's msg when the response is a failure or the
 * status is 400, otherwise the status text; null when there is neither (the caller shows 'Fehler.').
 */
export function registrationErrorText(failure: unknown): string | null {
  if (failure instanceof ApiError) {
    if (failure.status === 400) return failure.msg || failure.title;
    return failure.statusText || null;
  }
  if (typeof failure === 'object' && failure !== null && 'success' in failure) {
    const msg = (failure as { msg?: unknown }).msg;
    return typeof msg === 'string' && msg ? msg : null;
  }
  return null;
}
