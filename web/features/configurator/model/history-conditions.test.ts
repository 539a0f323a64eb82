import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de.ts';
import {
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

/** The change history of GPT exit conditions (SPEC §7: recorded and undoable like the block changes). */

const none = () => undefined;
const base = { type: 'gpt_condition', unique_question_id: 'g1', time: 1 } as const;
const created = (condition_id: number, condition: string): NewEntry => ({
  ...base,
  change: 'create',
  condition_id,
  condition,
});
const updated = (condition_id: number, old_value: string, new_value: string): NewEntry => ({
  ...base,
  change: 'update',
  condition_id,
  old_value,
  new_value,
});
const deleted = (condition_id: number, condition: string): NewEntry => ({
  ...base,
  change: 'delete',
  condition_id,
  condition,
});

const history = (...entries: NewEntry[]) => entries.reduce(record, emptyHistory());

/** Undoes the newest done entry; the server answers with result (a re-created condition's new id). */
function undo(h: HistoryState, result = {}) {
  const step = planUndo(h, none)!;
  return { operation: step.operation, state: completeUndo(h, step, result) };
}
function redo(h: HistoryState, result = {}) {
  const step = planRedo(h)!;
  return { operation: step.operation, state: completeRedo(h, step, result) };
}

describe('change history of GPT exit conditions', () => {
  it('has German titles for create, update and delete', () => {
    const titles = history(created(1, 'a'), updated(1, 'a', 'b'), deleted(1, 'b')).entries.map(titleKey);
    expect(titles).toEqual(['conditionCreated', 'conditionUpdated', 'conditionDeleted']);
    expect(de.configurator.history.titles).toMatchObject({
      conditionCreated: 'Exit-Bedingung erstellt',
      conditionUpdated: 'Exit-Bedingung aktualisiert',
      conditionDeleted: 'Exit-Bedingung gelöscht',
    });
  });

  it('update: undo sets the old text, redo the new one', () => {
    const h = history(updated(4, 'Grund genannt', 'Grund und Beispiel genannt'));
    const back = undo(h);
    expect(back.operation).toEqual({ op: 'condition_update', condition_id: 4, condition: 'Grund genannt' });
    const forth = redo(back.state);
    expect(forth.operation).toEqual({
      op: 'condition_update',
      condition_id: 4,
      condition: 'Grund und Beispiel genannt',
    });
    expect(forth.state.cursor).toBe(1);
  });

  it('create: undo deletes it; redo creates it again, and the entry follows its new id', () => {
    const h = history(created(5, 'Grund genannt'));
    const back = undo(h);
    expect(back.operation).toEqual({ op: 'condition_delete', condition_id: 5 });
    const forth = redo(back.state, { condition_id: 9 });
    expect(forth.operation).toEqual({
      op: 'condition_create',
      unique_question_id: 'g1',
      condition: 'Grund genannt',
    });
    expect(undo(forth.state).operation).toEqual({ op: 'condition_delete', condition_id: 9 });
  });

  it('delete: undo creates it again; redo deletes the condition under its new id', () => {
    const h = history(deleted(5, 'Grund genannt'));
    const back = undo(h, { condition_id: 12 });
    expect(back.operation).toEqual({
      op: 'condition_create',
      unique_question_id: 'g1',
      condition: 'Grund genannt',
    });
    expect(redo(back.state).operation).toEqual({ op: 'condition_delete', condition_id: 12 });
  });

  it('a new id reaches every entry about that condition, older and newer, and no other', () => {
    // create 5, edit it, create 6, delete 5; then undo all four and redo all four.
    let h = history(created(5, 'a'), updated(5, 'a', 'b'), created(6, 'x'), deleted(5, 'b'));
    let step = undo(h, { condition_id: 20 });
    expect(step.operation).toMatchObject({ op: 'condition_create', condition: 'b' });
    h = step.state;
    expect(undo(h).operation).toEqual({ op: 'condition_delete', condition_id: 6 });
    h = undo(h).state;
    step = undo(h);
    expect(step.operation).toEqual({ op: 'condition_update', condition_id: 20, condition: 'a' });
    h = step.state;
    step = undo(h);
    expect(step.operation).toEqual({ op: 'condition_delete', condition_id: 20 });
    h = step.state;
    expect(h.cursor).toBe(0);

    step = redo(h, { condition_id: 30 });
    expect(step.operation).toMatchObject({ op: 'condition_create', condition: 'a' });
    h = step.state;
    step = redo(h);
    expect(step.operation).toEqual({ op: 'condition_update', condition_id: 30, condition: 'b' });
    h = step.state;
    step = redo(h, { condition_id: 31 });
    expect(step.operation).toMatchObject({ op: 'condition_create', condition: 'x' });
    h = step.state;
    step = redo(h);
    expect(step.operation).toEqual({ op: 'condition_delete', condition_id: 30 });
    expect(step.state.cursor).toBe(4);
    expect(step.state.entries.map((e) => (e.type === 'gpt_condition' ? e.condition_id : null))).toEqual([
      30, 30, 31, 30,
    ]);
  });

  it('a new change after an undo discards the condition entries that could have been redone', () => {
    let h = history(created(5, 'a'), updated(5, 'a', 'b'));
    h = undo(h).state;
    h = record(h, deleted(5, 'a'));
    expect(h.entries.map((e) => e.change)).toEqual(['create', 'delete']);
    expect(planRedo(h)).toBeNull();
  });
});
