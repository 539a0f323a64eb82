// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import { emptyHistory, type NewEntry, record } from '../model/history.ts';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';
import { HistoryPanel } from './HistoryPanel.tsx';

/** The 'Verlauf' panel names a changed setting or block field by its label in the form, never by its key. */

describe('HistoryPanel', () => {
  afterEach(() => {
    cleanup();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it('shows German field names for settings and fix message changes', () => {
    const time = Date.UTC(2026, 0, 1, 9, 0, 0);
    const entries: NewEntry[] = [
      {
        type: 'settings',
        change: 'update',
        key: 'privacy_declaration_text',
        old_value: '',
        new_value: 'x',
        time,
      },
      { type: 'settings', change: 'update', key: 'avatar_src', old_value: '', new_value: '/img/a.png', time },
      {
        type: 'settings',
        change: 'update',
        key: 'accent_color',
        old_value: '#000000',
        new_value: '#FFFFFF',
        time,
      },
      { type: 'fixmessages', change: 'update', key: 'welcome', old_value: 'a', new_value: 'b', time },
      {
        type: 'question',
        unique_question_id: 'a',
        change: 'order',
        old_value: 1,
        new_value: 1,
        time,
      },
    ];
    const dialog = makeDialog([makeBlock('a', 1)]);
    useConfiguratorStore.setState({
      dialog,
      confirmed: dialog,
      history: entries.reduce(record, emptyHistory()),
    });
    render(
      <ControllerContext.Provider value={{} as Controller}>
        <HistoryPanel />
      </ControllerContext.Provider>,
    );
    const texts = screen.getAllByTestId('history-entry').map((e) => e.textContent ?? '');
    expect(texts).toHaveLength(5);
    // Newest first.
    expect(texts[0]).toContain('Frage verschoben');
    expect(texts[1]).toContain('Fixnachrichten aktualisiert');
    expect(texts[1]).toContain('Begrüßung');
    expect(texts[2]).toContain('Akzentfarbe');
    expect(texts[3]).toContain('Avatarbild');
    expect(texts[4]).toContain('Einstellungen aktualisiert');
    expect(texts[4]).toContain('Datenschutzerklärung');
    for (const text of texts)
      expect(text).not.toMatch(/privacy_declaration_text|avatar_src|accent_color|welcome/);
  });
  it('names block field changes as the block editor does, by the block type where it differs', () => {
    const time = Date.UTC(2026, 0, 1, 9, 0, 0);
    const update = (id: string, key: string): NewEntry => ({
      type: 'question',
      unique_question_id: id,
      change: 'update',
      key,
      old_value: null,
      new_value: null,
      time,
    });
    const dialog = makeDialog([makeBlock('a', 1, 'open_text'), makeBlock('g', 2, 'gpt')]);
    useConfiguratorStore.setState({
      dialog,
      confirmed: dialog,
      history: [
        update('a', 'context'),
        update('a', 'nachfrage'),
        update('a', 'options'),
        update('g', 'context'),
        update('a', 'connections'),
        update('a', 'unknown_field'),
      ].reduce(record, emptyHistory()),
    });
    render(
      <ControllerContext.Provider value={{} as Controller}>
        <HistoryPanel />
      </ControllerContext.Provider>,
    );
    const texts = screen.getAllByTestId('history-entry').map((e) => e.textContent ?? '');
    expect(texts.reverse().map((t) => t.split(' · ').slice(1, 3).join(' · '))).toEqual([
      '#1 · Text',
      '#1 · Nachfrage',
      '#1 · Zweige',
      '#2 · Anweisung an das Sprachmodell',
      '#1 · Verbindungen im Graph',
      '#1 · unknown_field',
    ]);
  });
});
