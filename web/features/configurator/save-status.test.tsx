// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ConfiguratorToolbar } from './ConfiguratorToolbar.tsx';
import { ControllerContext } from './context.ts';
import type { Controller } from './controller.ts';
import { DraftTextField } from './editor/DraftTextField.tsx';
import {
  hasUnsavedWork,
  initialConfiguratorState,
  useConfiguratorStore,
  useWarnBeforeUnload,
} from './store.ts';
import { TextContentEditor } from './text-content/TextContentEditor.tsx';

/** Unsaved drafts in the store, the toolbar's save status and the question before leaving the page. */

const SAVED = 'Alle Änderungen gespeichert';
const UNSAVED = 'Nicht gespeicherte Änderungen';
const INVALID = 'Nicht gespeichert: Eingaben prüfen';
const SAVING = 'Wird gespeichert…';

/** The toolbar asks for the version state too (its answer does not matter here). */
const queries = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });

function Page({ children }: { children: React.ReactNode }) {
  useWarnBeforeUnload();
  return (
    <QueryClientProvider client={queries}>
      <ControllerContext.Provider value={{} as Controller}>
        <ConfiguratorToolbar
          view="list"
          surveyId="S1"
          onView={() => {}}
          panel={null}
          onPanel={() => {}}
          onCreated={() => {}}
        />
        {children}
      </ControllerContext.Provider>
    </QueryClientProvider>
  );
}

const status = () => screen.getByTestId('save-status').textContent;

/** Whether the browser would ask before the page is left now. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A field whose saved value follows its commits, as the store's optimistic update does. */
function SavedField({ initial, onCommit }: { initial: string; onCommit(text: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <DraftTextField
      label="Name"
      value={value}
      validate={(text) => (text.trim() === '' ? 'Bitte einen Namen angeben.' : null)}
      onCommit={(text) => {
        onCommit(text);
        setValue(text);
      }}
    />
  );
}

describe('unsaved drafts and the save status', () => {
  beforeEach(() => useConfiguratorStore.setState(initialConfiguratorState()));
  afterEach(cleanup);

  it('a typed text is unsaved until the field is left, then saved; leaving the page asks meanwhile', () => {
    const onCommit = vi.fn();
    render(
      <Page>
        <SavedField initial="Alt" onCommit={onCommit} />
      </Page>,
    );
    const field = screen.getByLabelText('Name');
    expect(status()).toBe(SAVED);
    expect(leavingAsks()).toBe(false);

    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'Neu' } });
    expect(status()).toBe(UNSAVED);
    expect(leavingAsks()).toBe(true);

    // Typed back to the saved value: nothing unsaved any more.
    fireEvent.change(field, { target: { value: 'Alt' } });
    expect(status()).toBe(SAVED);
    fireEvent.change(field, { target: { value: 'Neu' } });
    expect(status()).toBe(UNSAVED);

    fireEvent.blur(field);
    expect(onCommit).toHaveBeenCalledWith('Neu');
    expect(status()).toBe(SAVED);
    expect(leavingAsks()).toBe(false);
    expect(useConfiguratorStore.getState().drafts).toEqual({});
  });

  it('an invalid text says that it blocks saving; unmounting the field unregisters it', () => {
    const onCommit = vi.fn();
    const { rerender } = render(
      <Page>
        <SavedField initial="Alt" onCommit={onCommit} />
      </Page>,
    );
    const field = screen.getByLabelText('Name');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.blur(field);
    expect(onCommit).not.toHaveBeenCalled();
    expect(status()).toBe(INVALID);
    expect(leavingAsks()).toBe(true);

    rerender(<Page>{null}</Page>);
    expect(status()).toBe(SAVED);
    expect(leavingAsks()).toBe(false);
  });

  it('a commit that does not change the value prop (yet) counts as saved until the author types again', () => {
    const onCommit = vi.fn();
    render(
      <Page>
        <DraftTextField label="Name" value="Alt" onCommit={onCommit} />
      </Page>,
    );
    const field = screen.getByLabelText('Name');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'Neu' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('Neu');
    expect(status()).toBe(SAVED);
    fireEvent.change(field, { target: { value: 'Neuer' } });
    expect(status()).toBe(UNSAVED);
  });

  it('writes in flight say "saving" first, and leaving the page asks', () => {
    render(
      <Page>
        <SavedField initial="Alt" onCommit={() => {}} />
      </Page>,
    );
    const field = screen.getByLabelText('Name');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '' } });
    act(() => useConfiguratorStore.setState({ saving: 1 }));
    expect(status()).toBe(SAVING);
    fireEvent.change(field, { target: { value: 'Alt' } });
    expect(status()).toBe(SAVING);
    expect(leavingAsks()).toBe(true);
    act(() => useConfiguratorStore.setState({ saving: 0 }));
    expect(status()).toBe(SAVED);
    expect(leavingAsks()).toBe(false);
  });

  it('a text content with an invalid bubble (an empty link) is reported as not saved, not as saved', () => {
    const onCommit = vi.fn();
    render(
      <Page>
        <TextContentEditor label="Nachricht" value="Hallo" onCommit={onCommit} />
      </Page>,
    );
    expect(status()).toBe(SAVED);
    const bar = screen.getByRole('toolbar', { name: /Nachricht/ });
    fireEvent.click(within(bar).getByRole('button', { name: 'Link' }));
    expect(screen.getByText('Bitte eine gültige http(s)-Adresse angeben.')).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();
    expect(status()).toBe(INVALID);
    expect(leavingAsks()).toBe(true);

    // Removing the bubble again leaves the saved text: nothing unsaved.
    const bubble = screen.getByRole('group', { name: 'Blase 2: Link' });
    fireEvent.click(within(bubble).getByRole('button', { name: 'Entfernen' }));
    expect(status()).toBe(SAVED);
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('typing in a text bubble is unsaved until the bubble is left', () => {
    const onCommit = vi.fn();
    render(
      <Page>
        <TextContentEditor label="Nachricht" value="Hallo" onCommit={onCommit} />
      </Page>,
    );
    const text = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.change(text, { target: { value: 'Hallo Welt' } });
    expect(status()).toBe(UNSAVED);
    fireEvent.blur(text);
    expect(onCommit).toHaveBeenCalledWith('Hallo Welt');
    expect(status()).toBe(SAVED);
  });

  it('hasUnsavedWork: drafts or writes in flight', () => {
    expect(hasUnsavedWork({ saving: 0, drafts: {} })).toBe(false);
    expect(hasUnsavedWork({ saving: 1, drafts: {} })).toBe(true);
    expect(hasUnsavedWork({ saving: 0, drafts: { a: false } })).toBe(true);
  });
});
