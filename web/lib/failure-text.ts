import { ApiError } from '../api/client.ts';

/**
 * A failed call said inside its section: what failed (prefix), then the server's reason when it gave
 * one. The session rules (401, 403) are the client's, so the reason is the call's own.
 */
export const failureText = (prefix: string, error: unknown): string =>
  `${prefix}${error instanceof ApiError && error.msg ? `: ${error.msg}` : ''}`;
