// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { useDialogStore } from '../state/dialog.ts';
import { DialogControls } from './DialogControls.tsx';

/** The top bar's live toggle: going live at once, going offline only after a confirmation. */

function renderControls(active: boolean) {
  useDialogStore.getState().setDialog({ survey_id: 's1', survey_name: 'Umfrage', active, live_switch: 1 });
  const onToggleActive = vi.fn();
  render(<DialogControls onToggleActive={onToggleActive} onOpenTeam={() => {}} />);
  return onToggleActive;
}

describe('DialogControls', () => {
  afterEach(() => {
    cleanup();
    useDialogStore.getState().clear();
  });

  it('switches an inactive dialog live with one click', () => {
    const onToggle = renderControls(false);
    fireEvent.click(screen.getByRole('switch'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before it takes a live dialog offline, and does nothing when cancelled', async () => {
    const onToggle = renderControls(true);
    fireEvent.click(screen.getByRole('switch'));
    expect(onToggle).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Dialog offline nehmen?');
    expect(dialog.textContent).toContain('Die gespeicherten Antworten bleiben erhalten');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onToggle).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Offline nehmen' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});
