import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../contract/blocks.ts';
import { makeBlock } from '../../../../contract/test-data.ts';
import { de } from '../../../i18n/de.ts';
import {
  CONNECTIONS_KEY,
  canRedo,
  canUndo,
  completeRedo,
  completeUndo,
  emptyHistory,
  type HistoryState,
  type NewEntry,
  planRedo,
  planUndo,
  record,
  titleKey,
} from './history.ts';

const none = () => undefined;
const update = (key: string, old_value: unknown, new_value: unknown): NewEntry => ({
  type: 'question',
  change: 'update',
  unique_question_id: 'q1',
  key,
  old_value,
  new_value,
  time: 1,
});

/** Undo then redo, returning the operations and the final state. */
function roundTrip(h: HistoryState, lookup: (id: string) => Block | undefined = none) {
  const undo = planUndo(h, lookup)!;
  const undone = completeUndo(h, undo);
  const redo = planRedo(undone)!;
  return { undo: undo.operation, redo: redo.operation, state: completeRedo(undone, redo) };
}

describe('change history', () => {
  it('has the entry titles of SPEC §2', () => {
    const titles = de.configurator.history.titles;
    expect(titles).toMatchObject({
      created: 'Neue Frage erstellt',
      deleted: 'Frage gelöscht',
      updated: 'Frage aktualisiert',
      moved: 'Frage verschoben',
      settings: 'Einstellungen aktualisiert',
      fixmessages: 'Fixnachrichten aktualisiert',
    });
    const h = record(emptyHistory(), update('context', 'a', 'b'));
    expect(titleKey(h.entries[0]!)).toBe('updated');
    const block = makeBlock('q1', 1);
    expect(
      titleKey({ id: 1, time: 1, type: 'question', change: 'recreate', unique_question_id: 'x', block }),
    ).toBe('created');
    expect(
      titleKey({
        id: 1,
        time: 1,
        type: 'fixmessages',
        change: 'update',
        key: 'welcome',
        old_value: '',
        new_value: '',
      }),
    ).toBe('fixmessages');
  });

  it('update: undo sets the old value, redo the new one', () => {
    const h = record(emptyHistory(), update('context', 'alt', 'neu'));
    const { undo, redo, state } = roundTrip(h);
    expect(undo).toEqual({ op: 'update', unique_question_id: 'q1', key: 'context', value: 'alt' });
    expect(redo).toEqual({ op: 'update', unique_question_id: 'q1', key: 'context', value: 'neu' });
    expect(state.cursor).toBe(1);
  });

  it('is_end goes through survey_list_isEnd, graph edges through the structure call', () => {
    const isEnd = planUndo(record(emptyHistory(), update('is_end', 0, 1)), none)!;
    expect(isEnd.operation).toEqual({ op: 'is_end', unique_question_id: 'q1', value: 0 });
    const edge = { source: 'q1', target: 'q2', sourceHandle: null };
    const back = { source: 'q1', target: null, sourceHandle: null };
    const structure = planUndo(record(emptyHistory(), update(CONNECTIONS_KEY, [back], [edge])), none)!;
    expect(structure.operation).toEqual({ op: 'structure', connections: [back] });
  });

  it('create: undo deletes (keeping a snapshot), redo recreates that very block', () => {
    const h = record(emptyHistory(), {
      type: 'question',
      change: 'create',
      unique_question_id: 'new1',
      block: null,
      time: 1,
    });
    const block = makeBlock('new1', 3, 'likert', { context: 'Bearbeitet' });
    const { undo, redo, state } = roundTrip(h, (id) => (id === 'new1' ? block : undefined));
    expect(undo).toEqual({ op: 'delete', unique_question_id: 'new1' });
    expect(redo).toEqual({ op: 'recreate', block, restore_jumps: [] });
    expect(state.cursor).toBe(1);
  });

  it('delete: undo recreates with the repaired jumps; redo deletes again and learns the new repairs', () => {
    const block = makeBlock('q7', 2);
    const jumps = [{ unique_question_id: 'q1', field: 'jump_to_question' as const, index: null }];
    let h = record(emptyHistory(), {
      type: 'question',
      change: 'delete',
      unique_question_id: 'q7',
      block,
      restore_jumps: jumps,
      time: 1,
    });
    const undo = planUndo(h, none)!;
    expect(undo.operation).toEqual({ op: 'recreate', block, restore_jumps: jumps });
    h = completeUndo(h, undo, { unique_question_id: 'q7' });
    const redo = planRedo(h)!;
    expect(redo.operation).toEqual({ op: 'delete', unique_question_id: 'q7' });
    const fewer = [{ unique_question_id: 'q1', field: 'jump_to_ids' as const, index: 0 }];
    h = completeRedo(h, redo, { unique_question_id: 'q7', repaired_jumps: fewer });
    expect(planUndo(h, none)!.operation).toEqual({ op: 'recreate', block, restore_jumps: fewer });
  });

  it('a recreated block that got a new id is followed by its entry', () => {
    const block = makeBlock('q7', 2);
    let h = record(emptyHistory(), {
      type: 'question',
      change: 'delete',
      unique_question_id: 'q7',
      block,
      restore_jumps: [],
      time: 1,
    });
    h = completeUndo(h, planUndo(h, none)!, { unique_question_id: 'q8' });
    expect(planRedo(h)!.operation).toEqual({ op: 'delete', unique_question_id: 'q8' });
  });

  it('order: undo swaps back, redo swaps again', () => {
    const h = record(emptyHistory(), {
      type: 'question',
      change: 'order',
      unique_question_id: 'q1',
      old_value: 3,
      new_value: 2,
      time: 1,
    });
    const { undo, redo } = roundTrip(h);
    expect(undo).toEqual({ op: 'order', unique_question_id: 'q1', order: 3 });
    expect(redo).toEqual({ op: 'order', unique_question_id: 'q1', order: 2 });
  });

  it('settings and fixmessages go back to the old value', () => {
    let h = record(emptyHistory(), {
      type: 'settings',
      change: 'update',
      key: 'accent_color',
      old_value: '#000000',
      new_value: '#FFFFFF',
      time: 1,
    });
    h = record(h, {
      type: 'fixmessages',
      change: 'update',
      key: 'ending',
      old_value: 'Tschüss',
      new_value: 'Ciao',
      time: 2,
    });
    const first = planUndo(h, none)!;
    expect(first.operation).toEqual({ op: 'fixmessages', key: 'ending', value: 'Tschüss' });
    h = completeUndo(h, first);
    expect(planUndo(h, none)!.operation).toEqual({ op: 'settings', key: 'accent_color', value: '#000000' });
  });

  it('a new change after undo discards the redo entries', () => {
    let h = record(emptyHistory(), update('context', 'a', 'b'));
    h = record(h, update('context', 'b', 'c'));
    h = completeUndo(h, planUndo(h, none)!);
    h = completeUndo(h, planUndo(h, none)!);
    expect([canUndo(h), canRedo(h)]).toEqual([false, true]);
    h = record(h, update('nachfrage', '', 'x'));
    expect(h.entries).toHaveLength(1);
    expect([canUndo(h), canRedo(h)]).toEqual([true, false]);
    expect(planRedo(h)).toBeNull();
    expect(new Set(h.entries.map((e) => e.id)).size).toBe(1);
  });

  it('a restored version: undo restores the version that held the working copy, redo the same version again', () => {
    let h = record(emptyHistory(), {
      type: 'version',
      change: 'restore',
      restored: 2,
      undo_version: 5,
      time: 1,
    });
    expect(titleKey(h.entries[0]!)).toBe('restored');
    const undo = planUndo(h, none)!;
    expect(undo.operation).toEqual({ op: 'restore', number: 5 });
    // The undo's own undo_version (the restored content) does not replace the entry's.
    h = completeUndo(h, undo, { undo_version: 2 });
    const redo = planRedo(h)!;
    expect(redo.operation).toEqual({ op: 'restore', number: 2 });
    // Redone: the working copy before it is now held by the version the server names.
    h = completeRedo(h, redo, { undo_version: 6 });
    expect(h.entries[0]).toMatchObject({ restored: 2, undo_version: 6 });
    expect(planUndo(h, none)!.operation).toEqual({ op: 'restore', number: 6 });
  });

  it('nothing to undo or redo on an empty history', () => {
    expect(planUndo(emptyHistory(), none)).toBeNull();
    expect(planRedo(emptyHistory())).toBeNull();
  });
});
