import { describe, expect, it } from 'vitest';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import {
  applyLocalChange,
  computeView,
  mergeBlocks,
  type PendingChange,
  reconcileDialog,
} from './optimistic.ts';

describe('optimistic view', () => {
  const a = makeBlock('a', 1, 'single_choice');
  const b = makeBlock('b', 2);
  const c = makeBlock('c', 3);
  const confirmed = makeDialog([a, b, c]);

  it('applies pending changes on top of the confirmed state; dropping one reverts only that one', () => {
    const pending: PendingChange[] = [
      { id: 1, change: { kind: 'block', unique_question_id: 'b', key: 'context', value: 'Neu' } },
      { id: 2, change: { kind: 'settings', values: { survey_name: 'Umbenannt', welcome: 'Hi' } } },
    ];
    const view = computeView(confirmed, pending);
    expect(view.all_questions[1]!.context).toBe('Neu');
    expect(view.survey_name).toBe('Umbenannt');
    expect(view.settings.survey_name).toBe('Umbenannt');
    expect(view.welcome).toBe('Hi');
    const reverted = computeView(confirmed, pending.slice(1));
    expect(reverted.all_questions[1]!.context).toBe(b.context);
    expect(reverted.survey_name).toBe('Umbenannt');
    expect(computeView(confirmed, [])).toBe(confirmed);
  });

  it('keeps untouched blocks identical (memoised rows and nodes stay)', () => {
    const view = applyLocalChange(confirmed, {
      kind: 'block',
      unique_question_id: 'b',
      key: 'context',
      value: 'x',
    });
    expect(view.all_questions[0]).toBe(a);
    expect(view.all_questions[2]).toBe(c);
    expect(view.all_questions[1]).not.toBe(b);
  });

  it('option changes keep jumps aligned; a type switch keeps the server-managed fields', () => {
    const withJump = makeBlock('a', 1, 'single_choice', { jump_to_ids: ['c', null] });
    const dialog = makeDialog([withJump, b, c]);
    const options = applyLocalChange(dialog, {
      kind: 'block',
      unique_question_id: 'a',
      key: 'options',
      value: ['Option 2', 'Option 1', 'Neu'],
    });
    expect(options.all_questions[0]!.jump_to_ids).toEqual([null, 'c', null]);
    const switched = applyLocalChange(dialog, {
      kind: 'block',
      unique_question_id: 'a',
      key: 'type',
      value: 'number',
    });
    const block = switched.all_questions[0]!;
    expect(block.type).toBe('number');
    expect(block.options).toEqual([]);
    expect([block.unique_question_id, block.order, block.version]).toEqual(['a', 1, 1]);
  });

  it('order swaps the two blocks and keeps the list sorted', () => {
    const view = applyLocalChange(confirmed, { kind: 'order', unique_question_id: 'c', order: 1 });
    expect(view.all_questions.map((x) => [x.unique_question_id, x.order])).toEqual([
      ['c', 1],
      ['b', 2],
      ['a', 3],
    ]);
  });

  it('moves blocks and markers, keeping the objects of the others', () => {
    const view = applyLocalChange(confirmed, {
      kind: 'positions',
      moves: [
        { id: 'end_node_sv1', position: { x: 5, y: 6 } },
        { id: 'b', position: { x: 7, y: 8 } },
      ],
    });
    expect(view.structure[1]!.position).toEqual({ x: 5, y: 6 });
    expect(view.all_questions[1]!.position).toEqual({ x: 7, y: 8 });
    expect(view.all_questions[0]).toBe(confirmed.all_questions[0]);
    expect(view.structure[0]).toBe(confirmed.structure[0]);
  });

  it('merges server blocks by id and re-sorts when orders changed', () => {
    const merged = mergeBlocks(
      confirmed,
      [
        { ...a, order: 2 },
        { ...b, order: 1, version: 2 },
      ],
      9,
    );
    expect(merged.version).toBe(9);
    expect(merged.all_questions.map((x) => x.unique_question_id)).toEqual(['b', 'a', 'c']);
    expect(merged.all_questions[2]).toBe(c);
  });

  it('a reload keeps the objects of unchanged blocks', () => {
    const fresh = makeDialog([{ ...a }, { ...b, version: 2 }, { ...c, order: 4 }, makeBlock('d', 3)]);
    const reconciled = reconcileDialog(confirmed, fresh);
    expect(reconciled.all_questions[0]).toBe(a);
    expect(reconciled.all_questions[1]).not.toBe(b);
    expect(reconciled.all_questions[2]).not.toBe(c);
    expect(reconciled.all_questions).toHaveLength(4);
    expect(reconcileDialog(null, fresh)).toBe(fresh);
  });
});
