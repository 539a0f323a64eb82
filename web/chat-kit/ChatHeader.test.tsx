// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDialogStore } from '../state/dialog.ts';
import { useLiveAuthStore } from '../state/live-auth.ts';
import { useShellEvents } from '../state/shell-events.ts';
import { observeResizes, polyfillModalDialogs } from '../test-stubs.ts';
import { ChatHeader } from './ChatHeader.tsx';
import { HeaderActions } from './live-bar/HeaderActions.tsx';
import { respondentTexts } from './respondent-texts.ts';

/** The widget's chat header: at a narrow width restart, cancel and information share one menu. */

const texts = respondentTexts('de');
const popup = (confirm: 'btn_restart' | 'btn_delete', text: string) => ({
  header: 'Sicher?',
  text,
  btn_back: 'Zurück',
  [confirm]: 'Ja',
});

beforeAll(polyfillModalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    useDialogStore.getState().clear();
    useLiveAuthStore.getState().setStorageAccepted(false);
  });
});

/** The header at a width (a stand-in for the browser's layout), with the widget's actions. */
function renderHeader(width: number) {
  const resized = observeResizes();
  const widthOf = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  // Restart and cancel act on a running chat: the respondent has consented.
  act(() => useLiveAuthStore.getState().setStorageAccepted(true));
  act(() =>
    useDialogStore.getState().setFragments({
      restart_pop_up: popup('btn_restart', 'Alles beginnt von vorn.'),
      delete_pop_up: popup('btn_delete', 'Ihre Antworten werden gelöscht.'),
    }),
  );
  render(
    <ChatHeader
      name="Kommissarin Berg"
      avatarSrc={null}
      texts={texts}
      sound={false}
      onSound={() => {}}
      actions={<HeaderActions surveyId="s1" texts={texts} />}
    />,
  );
  return {
    resize(to: number) {
      widthOf.mockReturnValue(to);
      act(() => resized());
    },
  };
}

const menuButton = () => screen.getByRole('button', { name: 'Weitere Aktionen' });

describe('chat header', () => {
  it('at a wide width shows restart, cancel and information as buttons of their own', () => {
    renderHeader(600);
    expect(screen.getByRole('button', { name: 'Neu starten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dialog abbrechen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Informationen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere Aktionen' })).toBeNull();
  });

  it('at a narrow width keeps the sound switch and puts the other actions into one menu', () => {
    renderHeader(288);
    expect(screen.getByRole('button', { name: texts.sounds })).toBeTruthy();
    for (const name of ['Neu starten', 'Dialog abbrechen', 'Informationen']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(menuButton().getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(menuButton());
    const menu = screen.getByRole('menu', { name: 'Weitere Aktionen' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Neu starten',
      'Dialog abbrechen',
      'Datenschutz',
    ]);
    expect(menu.contains(document.activeElement)).toBe(true);
    const privacy = screen.getByRole('menuitem', { name: 'Datenschutz' });
    expect(privacy.getAttribute('href')).toBe('/privacy/s1');
    expect(privacy.getAttribute('target')).toBe('_blank');
  });

  it("the menu's restart asks first, as the button did, then tells the chat", () => {
    renderHeader(288);
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Neu starten' }));
    // The menu closed, the focus back on its button; the confirm popup is open.
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(screen.getByRole('dialog', { name: 'Sicher?' }).textContent).toContain('Alles beginnt von vorn.');
    const before = useShellEvents.getState().liveRestart;
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(useShellEvents.getState().liveRestart).toBe(before + 1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the menu's cancel asks first; going back deletes nothing", () => {
    renderHeader(288);
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dialog abbrechen' }));
    expect(screen.getByRole('dialog').textContent).toContain('Ihre Antworten werden gelöscht.');
    const before = useShellEvents.getState().liveDelete;
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useShellEvents.getState().liveDelete).toBe(before);
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dialog abbrechen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(useShellEvents.getState().liveDelete).toBe(before + 1);
  });

  it('follows the width: the buttons come back when the header widens', () => {
    const header = renderHeader(288);
    expect(menuButton()).toBeTruthy();
    header.resize(600);
    expect(screen.queryByRole('button', { name: 'Weitere Aktionen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Neu starten' })).toBeTruthy();
  });
});
