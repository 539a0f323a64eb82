import { create } from 'zustand';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';

/** Error state of SPEC §3, shown by the global error dialog. */
export interface ErrorInfo {
  title: string;
  msg: string;
}

export interface ErrorState extends ErrorInfo {
  show: boolean;
  showError(error: Partial<ErrorInfo>): void;
  hideError(): void;
}

export const useErrorStore = create<ErrorState>()((set) => ({
  show: false,
  title: '',
  msg: '',
  showError: (error) => set({ show: true, title: error.title ?? '', msg: error.msg ?? '' }),
  hideError: () => set({ show: false, title: '', msg: '' }),
}));

const DIALOG_ENDED_TITLES: ReadonlySet<string> = new Set([
  ERROR_TITLES.notEnoughSegments,
  ERROR_TITLES.dialogInactive,
]);

/** Titles that mean the dialog has ended (SPEC §8: 'Not enough segments', 'Dialog ist nicht mehr aktiv.'). */
export const isDialogEndedTitle = (title: string) => DIALOG_ENDED_TITLES.has(title);

/**
 * What the error dialog shows (SPEC §8): the special titles give the 'dialog ended' text, a message of
 * its own is shown as it is, and without one the default text.
 */
export function errorDialogText(error: ErrorInfo): string {
  if (DIALOG_ENDED_TITLES.has(error.title)) return MESSAGES.dialogEnded;
  return error.msg || MESSAGES.errorDialogDefault;
}

/** The generic display of a failed call: title from the server message, text with the status. */
export function genericErrorInfo(failure: { status: number; title: string; msg: string }): ErrorInfo {
  if (DIALOG_ENDED_TITLES.has(failure.title)) return { title: failure.title, msg: MESSAGES.dialogEnded };
  return {
    title: failure.msg || failure.title,
    msg: `${MESSAGES.genericError} ${failure.status ? `(${failure.status})` : ''}`.trim(),
  };
}

/**
 * Shows a failed call in the global error dialog the generic way (SPEC §8). server_busy is not an
 * error there: the clients show it as the info banner already.
 */
export function showApiError(failure: { status: number; title: string; msg: string }): void {
  if (failure.title === ERROR_TITLES.serverBusy) return;
  useErrorStore.getState().showError(genericErrorInfo(failure));
}
