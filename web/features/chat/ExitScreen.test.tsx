// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../navigation.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { ExitScreen } from './ExitScreen.tsx';
import { forgetExitAddress } from './exit-address.ts';
import { deleteLiveData } from './live-actions.ts';

/** Cancelling remembers the dialog's du/Sie, so /exit/deleted_de speaks like the dialog did. */

describe('exit page after cancelling', () => {
  beforeEach(() => {
    forgetExitAddress();
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/dialog/s1');
  });
  afterEach(() => {
    cleanup();
    setNavigator(null);
    vi.restoreAllMocks();
  });

  it("a 'du' dialog's exit page says du", async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    useDialogStore.getState().setFragments({ language: 'de' });
    await deleteLiveData('s1', 'de', 'du');
    expect(navigate).toHaveBeenCalledWith('/exit/deleted_de', undefined);
    expect(sessionStorage.getItem('exit_address')).toBe('du');
    render(<ExitScreen exitVar="deleted_de" />);
    expect(screen.getByRole('heading', { name: 'Deine Daten wurden gelöscht' })).toBeTruthy();
    expect(
      screen.getByText(
        'Deine Antworten in diesem Dialog wurden gelöscht. Du kannst das Fenster jetzt schließen.',
      ),
    ).toBeTruthy();
  });

  it("a 'Sie' dialog's, or an unknown one's, says Sie", async () => {
    render(<ExitScreen exitVar="deleted_de" />);
    expect(screen.getByRole('heading', { name: 'Ihre Daten wurden gelöscht' })).toBeTruthy();
    cleanup();
    setNavigator(vi.fn());
    await deleteLiveData('s1', 'de', 'sie');
    render(<ExitScreen exitVar="deleted_de" />);
    expect(screen.getByText(/Sie können das Fenster jetzt schließen\./)).toBeTruthy();
  });
});
