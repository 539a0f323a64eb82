// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { respondentTexts } from '../chat-kit/respondent-texts.ts';
import { useErrorStore } from '../state/error.ts';
import { polyfillModalDialogs } from '../test-stubs.ts';
import { LiveErrorDialog } from './LiveErrorDialog.tsx';
// Texts other than German with 'Sie' (a chunk of their own in the app).
import '../chat-kit/respondent-texts-more.ts';

/** The respondent entry's error popup speaks the dialog's language for an ended dialog (SPEC §8). */

beforeAll(polyfillModalDialogs);
afterEach(() => {
  cleanup();
  act(() => useErrorStore.getState().hideError());
});

const dialog = () => screen.getByRole('dialog', { hidden: true });

describe('respondent error popup', () => {
  it.each([ERROR_TITLES.dialogInactive, ERROR_TITLES.notEnoughSegments])(
    'an English dialog ended (%s): English title and text, no German',
    (title) => {
      render(<LiveErrorDialog texts={respondentTexts('en')} />);
      act(() => useErrorStore.getState().showError({ title, msg: MESSAGES.dialogEnded }));
      expect(dialog().textContent).toContain('The dialog is no longer active.');
      expect(dialog().textContent).toContain(respondentTexts('en').dialogEnded);
      expect(dialog().textContent).not.toContain('Dialog ist nicht mehr aktiv.');
      expect(dialog().textContent).not.toContain(MESSAGES.dialogEnded);
    },
  );

  it.each([ERROR_TITLES.dialogInactive, ERROR_TITLES.notEnoughSegments])(
    'a German dialog ended (%s): the SPEC §8 text, letter for letter',
    (title) => {
      render(<LiveErrorDialog texts={respondentTexts('de', 'du')} />);
      act(() => useErrorStore.getState().showError({ title, msg: 'x' }));
      expect(screen.getByRole('heading', { hidden: true }).textContent).toBe('Dialog ist nicht mehr aktiv.');
      expect(
        screen.getByText(
          'Der Dialog wurde bereits beendet. Daher ist ein Dialog aktuell nicht mehr möglich.',
        ),
      ).toBeTruthy();
    },
  );

  it('other errors keep their title and message', () => {
    render(<LiveErrorDialog texts={respondentTexts('en')} />);
    act(() => useErrorStore.getState().showError({ title: 'Kaputt', msg: 'Etwas ging schief.' }));
    expect(screen.getByRole('heading', { hidden: true }).textContent).toBe('Kaputt');
    expect(screen.getByText('Etwas ging schief.')).toBeTruthy();
  });
});
