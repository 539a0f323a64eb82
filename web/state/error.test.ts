import { describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { errorDialogText, genericErrorInfo, showApiError, useErrorStore } from './error.ts';

describe('error dialog text', () => {
  it('shows the default text when there is no message', () => {
    expect(errorDialogText({ title: '', msg: '' })).toBe(MESSAGES.errorDialogDefault);
  });
  it("gives the 'dialog ended' text for the two special titles", () => {
    expect(errorDialogText({ title: ERROR_TITLES.notEnoughSegments, msg: 'x' })).toBe(MESSAGES.dialogEnded);
    expect(errorDialogText({ title: ERROR_TITLES.dialogInactive, msg: '' })).toBe(MESSAGES.dialogEnded);
  });
  it('shows a message of its own', () => {
    expect(errorDialogText({ title: 'T', msg: 'Etwas' })).toBe('Etwas');
  });
  it('generic display: title from the server message, text with the status', () => {
    expect(genericErrorInfo({ status: 409, title: 'conflict', msg: 'Gibt es schon.' })).toEqual({
      title: 'Gibt es schon.',
      msg: `${MESSAGES.genericError} (409)`,
    });
  });
});

describe('showApiError', () => {
  it('opens the error dialog, except for server_busy, which the banner shows', () => {
    useErrorStore.getState().hideError();
    showApiError({ status: 503, title: ERROR_TITLES.serverBusy, msg: MESSAGES.serverBusy });
    expect(useErrorStore.getState().show).toBe(false);
    showApiError({ status: 500, title: 'internal', msg: 'Kaputt' });
    expect(useErrorStore.getState()).toMatchObject({ show: true, title: 'Kaputt' });
  });
});
