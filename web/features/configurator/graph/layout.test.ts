// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Dialog } from '../../../../contract/dialogs.ts';
import { DEFAULT_END_POSITION, MARKER_SIZE } from '../../../../contract/graph-geometry.ts';
import {
  makeBlock,
  makeDialog,
  overlapping,
  SURVEY_ID,
  type TestBox,
} from '../../../../contract/test-data.ts';
import {
  autoEndPosition,
  blockSize,
  buildNodes,
  GEOMETRY,
  LAYOUT_GAP,
  MARKER_Z_INDEX,
  markerPosition,
} from './graph-model.ts';
import { autoLayout, layoutMoves, movesBack } from './layout.ts';

const START = `start_node_${SURVEY_ID}`;
const END = `end_node_${SURVEY_ID}`;

/** The node boxes of a dialog with positions applied (markers and blocks). */
function boxes(dialog: Dialog, positions: ReadonlyMap<string, { x: number; y: number }>): TestBox[] {
  const size = (id: string) => {
    const b = dialog.all_questions.find((q) => q.unique_question_id === id);
    return b ? blockSize(b) : MARKER_SIZE;
  };
  return [...positions].map(([id, p]) => ({ id, ...p, ...size(id) }));
}

describe('node sizes', () => {
  it('a Likert node with its five options is drawn taller than a message node', () => {
    expect(blockSize(makeBlock('l', 1, 'likert')).height).toBeGreaterThan(
      blockSize(makeBlock('m', 1, 'message')).height,
    );
  });
});

describe('end marker', () => {
  it('not placed by the author, it sits below the lowest block and is drawn above everything', () => {
    const likert = makeBlock('l', 1, 'likert', { position: { x: 0, y: 100 } });
    const tall = blockSize(likert).height;
    const dialog = makeDialog([makeBlock('a', 2, 'message', { position: { x: 300, y: 50 } }), likert]);
    const end = autoEndPosition(dialog.all_questions, { x: 0, y: 0 });
    expect(end).toEqual({
      x: GEOMETRY.blockWidth / 2 - GEOMETRY.markerWidth / 2,
      y: 100 + tall + LAYOUT_GAP.y,
    });
    const nodes = buildNodes(dialog);
    const endNode = nodes.find((n) => n.id === END)!;
    expect(endNode.position).toEqual(end);
    expect(endNode.zIndex).toBe(MARKER_Z_INDEX);
    expect(nodes.find((n) => n.id === START)!.zIndex).toBe(MARKER_Z_INDEX);
    expect(nodes.filter((n) => n.type === 'block').every((n) => !n.zIndex)).toBe(true);
  });

  it('moves down when a block is added below, but stays where the author dragged it', () => {
    const a = makeBlock('a', 1);
    const one = makeDialog([a]);
    const two = makeDialog([a, makeBlock('b', 2, 'message', { position: { x: 0, y: 900 } })]);
    const [, end1] = one.structure;
    expect(markerPosition(end1!, one).y).toBeLessThan(markerPosition(end1!, two).y);
    expect(markerPosition(end1!, two).y).toBe(900 + blockSize(a).height + LAYOUT_GAP.y);
    const dragged = { ...end1!, position: { x: 12, y: 34 } };
    expect(markerPosition(dragged, two)).toEqual({ x: 12, y: 34 });
    // Without blocks it sits below the start marker.
    expect(markerPosition(end1!, makeDialog([]))).toEqual({ x: 0, y: GEOMETRY.markerHeight + LAYOUT_GAP.y });
  });
});

describe('auto layout', () => {
  it('puts a chain in one column, in dialog order, without overlap, whatever the heights', () => {
    const dialog = makeDialog([
      makeBlock('a', 1, 'likert'),
      makeBlock('b', 2, 'number'),
      makeBlock('c', 3, 'single_choice'),
      makeBlock('d', 4, 'message'),
    ]);
    const layout = autoLayout(dialog);
    expect(overlapping(boxes(dialog, layout))).toEqual([]);
    const ys = [START, 'a', 'b', 'c', 'd', END].map((id) => layout.get(id)!.y);
    expect([...ys].sort((x, y) => x - y)).toEqual(ys);
    // The start marker keeps its place; the column is centred under it.
    expect(layout.get(START)).toEqual({ x: 0, y: 0 });
    const centre = GEOMETRY.markerWidth / 2;
    for (const id of ['a', 'b', 'c', 'd']) expect(layout.get(id)!.x + GEOMETRY.blockWidth / 2).toBe(centre);
    // Each node one gap below the one above.
    const a = dialog.all_questions[0]!;
    expect(layout.get('b')!.y - layout.get('a')!.y).toBe(blockSize(a).height + LAYOUT_GAP.y);
  });

  it('follows the order after reordering, so the start edge goes to the top block', () => {
    // b is now first in the dialog but still drawn below a.
    const dialog = makeDialog([
      makeBlock('b', 1, 'message', { position: { x: 0, y: 300 } }),
      makeBlock('a', 2, 'message', { position: { x: 0, y: 150 } }),
    ]);
    const layout = autoLayout(dialog);
    expect(layout.get('b')!.y).toBeLessThan(layout.get('a')!.y);
  });

  it('puts alternative ways side by side and joins them below; a loop back changes nothing', () => {
    const dialog = makeDialog([
      makeBlock('q', 1, 'single_choice', { jump_to_ids: ['x', 'y', null] }),
      makeBlock('x', 2, 'message', { jump_to_question: 'z' }),
      makeBlock('y', 3),
      makeBlock('z', 4, 'message', { jump_to_question: 'q' }),
    ]);
    const layout = autoLayout(dialog);
    expect(overlapping(boxes(dialog, layout))).toEqual([]);
    expect(layout.get('x')!.y).toBe(layout.get('y')!.y);
    expect(layout.get('x')!.x).not.toBe(layout.get('y')!.x);
    expect(layout.get('q')!.y).toBeLessThan(layout.get('x')!.y);
    expect(layout.get('z')!.y).toBeGreaterThan(layout.get('x')!.y);
    expect(layout.get(END)!.y).toBeGreaterThan(layout.get('z')!.y);
  });

  it('puts a block nothing leads to below the block before it; the end always last', () => {
    const dialog = makeDialog([
      makeBlock('a', 1, 'message', { jump_to_question: 'c' }),
      makeBlock('b', 2, 'message', { is_end: 1 }),
      makeBlock('c', 3, 'message', { start_page: 0 }),
    ]);
    const layout = autoLayout(dialog);
    expect(overlapping(boxes(dialog, layout))).toEqual([]);
    expect(layout.get('b')!.y).toBeGreaterThan(layout.get('a')!.y);
    expect(layout.get('c')!.y).toBeGreaterThan(layout.get('a')!.y);
    const orphan = makeDialog([makeBlock('a', 1, 'message', { is_end: 1 }), makeBlock('b', 2)]);
    const o = autoLayout(orphan);
    expect(o.get('b')!.y).toBeGreaterThan(o.get('a')!.y);
    expect(o.get(END)!.y).toBeGreaterThan(o.get('b')!.y);
    expect(autoLayout(makeDialog([])).get(END)!.y).toBeGreaterThan(0);
  });

  it('keeps its rows apart for 500 blocks and stays within the coordinate limit', () => {
    const blocks = Array.from({ length: 500 }, (_, i) =>
      makeBlock(`b${i}`, i + 1, i % 3 === 0 ? 'likert' : 'message'),
    );
    const dialog = makeDialog(blocks);
    const layout = autoLayout(dialog);
    expect(layout.size).toBe(502);
    const all = boxes(dialog, layout).sort((p, q) => p.y - q.y);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.y).toBeGreaterThanOrEqual(all[i - 1]!.y + all[i - 1]!.height);
    expect(Math.max(...all.map((b) => b.y))).toBeLessThan(1_000_000);
  });
});

describe('layout moves', () => {
  it('writes only what changes, sends a dragged end marker back to following the blocks, and undoes', () => {
    const dialog = makeDialog([makeBlock('a', 1), makeBlock('b', 2)]);
    const layout = autoLayout(dialog);
    const moves = layoutMoves(dialog, layout);
    expect(moves.map((m) => m.id)).toEqual(['a', 'b']);
    expect(moves[0]!.position).toEqual(layout.get('a'));
    // Applied, nothing is left to do.
    const applied: Dialog = {
      ...dialog,
      all_questions: dialog.all_questions.map((b) => ({ ...b, position: layout.get(b.unique_question_id)! })),
    };
    expect(layoutMoves(applied, autoLayout(applied))).toEqual([]);
    // In automatic place, the end marker shows where the layout puts it.
    expect(markerPosition(applied.structure[1]!, applied)).toEqual(layout.get(END));
    const dragged: Dialog = {
      ...applied,
      structure: [applied.structure[0]!, { ...applied.structure[1]!, position: { x: 500, y: 10 } }],
    };
    expect(layoutMoves(dragged, autoLayout(dragged))).toEqual([{ id: END, position: DEFAULT_END_POSITION }]);
    expect(movesBack(dialog, moves)).toEqual([
      { id: 'a', position: { x: 0, y: 150 } },
      { id: 'b', position: { x: 0, y: 300 } },
    ]);
  });
});
