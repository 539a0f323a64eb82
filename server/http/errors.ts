import { ERROR_TITLES } from '../../contract/errors.ts';

/**
 * A failure with an HTTP status and the JSON body { title, msg }. `details` are further fields of that
 * body that a call documents for one status (the 409 of a stale block carries the block as it is now).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly msg: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(`${status} ${title}: ${msg}`);
  }
}

export const badRequest = (msg: string, title: string = ERROR_TITLES.validation) =>
  new ApiError(400, title, msg);
export const unauthorized = (msg: string, title: string = ERROR_TITLES.unauthorized) =>
  new ApiError(401, title, msg);
export const forbidden = (msg: string) => new ApiError(403, ERROR_TITLES.forbidden, msg);
export const notFound = (msg: string) => new ApiError(404, ERROR_TITLES.notFound, msg);
export const conflict = (msg: string) => new ApiError(409, ERROR_TITLES.conflict, msg);

/** What a lookup found; a 404 with the message when it found nothing. */
export function orNotFound<T>(row: T | undefined, msg: string): T {
  if (row === undefined) throw notFound(msg);
  return row;
}
