import { ANSWER_MAX_LENGTH } from '../../../contract/constants.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { isDialogEndedTitle } from '../../state/error.ts';
import type { AnswerValue, ChatTexts } from './chat-types.ts';

/** The dialog has ended (or is not live): SPEC §8 says so in the error dialog. */
export const isInactive = (error: unknown) => error instanceof ApiError && isDialogEndedTitle(error.title);

/**
 * The link's hidden fields were refused (a required one missing, a value not allowed): the server's
 * text says which; the chat does not begin, and trying again would not help.
 */
export const isLinkRefused = (error: unknown) =>
  error instanceof ApiError && error.title === ERROR_TITLES.hiddenFields;

/** An answer refused by validation: said at the field, never as an error (SPEC §8). */
export const isRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

/**
 * A failure SPEC §8 has no case of its own for, shown the generic way. Its own cases: no response,
 * 401/403 (the client's session rules), server_busy (the banner), an ended dialog, 409 and refused
 * answers (the callers).
 */
export function isGeneric(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    ![0, 401, 403].includes(error.status) &&
    error.title !== ERROR_TITLES.serverBusy &&
    !isLinkRefused(error) &&
    !isDialogEndedTitle(error.title)
  );
}

/**
 * The message of a failed call for the respondent; null for server_busy (the client shows its banner).
 * fallback: what failed when the server gave no response (the chat's loading or an answer).
 */
export function noticeFor(error: unknown, texts: ChatTexts, fallback: string): string | null {
  if (error instanceof ApiError && error.title === ERROR_TITLES.serverBusy) return null;
  if (isGeneric(error)) return `${texts.genericError} (${error.status})`;
  if (error instanceof ApiError && error.status !== 0 && error.msg) return error.msg;
  if (error instanceof Error && !(error instanceof ApiError) && error.message) return error.message;
  return fallback;
}

/**
 * The message of a failed answer. A refused one: the server's validation text names fields ('answer:
 * höchstens 5000 Zeichen'), so the respondent reads a plain one in the dialog's language and form of
 * address instead.
 */
export function answerNoticeFor(error: unknown, answer: AnswerValue, texts: ChatTexts): string | null {
  if (isRefused(error)) {
    const tooLong = typeof answer === 'string' && answer.length > ANSWER_MAX_LENGTH;
    return tooLong || (error as ApiError).status === 413 ? texts.answerTooLong : texts.answerRejected;
  }
  return noticeFor(error, texts, texts.answerFailed);
}
