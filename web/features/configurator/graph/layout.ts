import type { Dialog, NodePosition } from '../../../../contract/dialogs.ts';
import {
  DEFAULT_END_POSITION,
  isDefaultEndPosition,
  MARKER_SIZE,
  type XY,
} from '../../../../contract/graph-geometry.ts';
import { autoEndPosition, blockSize, buildEdges, LAYOUT_GAP } from './graph-model.ts';
import { layeredPositions } from './layered-layout.ts';

/**
 * The 'Automatisch anordnen' layout of the graph: layered top to bottom by the dialog's ways (start edge,
 * way on, jumps, option jumps; ways back ignored), alternative ways side by side, saved as positions.
 * Pure, so the graph and its tests compute the same.
 */

type LayoutDialog = Pick<Dialog, 'survey_id' | 'all_questions' | 'structure'>;

/**
 * The 'Automatisch anordnen' positions of the start marker and the blocks (layeredPositions), moved so
 * the start marker keeps its place and the view stays where it was; the end marker goes where it sits
 * while not placed by the author: centred under the lowest block.
 */
export function autoLayout(dialog: LayoutDialog): Map<string, XY> {
  const start = dialog.structure.find((m) => m.kind === 'start');
  const end = dialog.structure.find((m) => m.kind === 'end');
  const boxes = [
    ...(start ? [{ id: start.id, ...MARKER_SIZE }] : []),
    ...dialog.all_questions.map((b) => ({ id: b.unique_question_id, ...blockSize(b) })),
  ];
  const placed = layeredPositions(boxes, buildEdges(dialog), LAYOUT_GAP);
  const anchor = start ? placed.get(start.id)! : { x: 0, y: 0 };
  const origin = start?.position ?? { x: 0, y: 0 };
  const positions = new Map<string, XY>();
  for (const [id, p] of placed) {
    positions.set(id, { x: p.x - anchor.x + origin.x, y: p.y - anchor.y + origin.y });
  }
  if (end) {
    const blocks = dialog.all_questions.map((b) => ({
      ...b,
      position: positions.get(b.unique_question_id)!,
    }));
    positions.set(end.id, autoEndPosition(blocks, origin));
  }
  return positions;
}

/**
 * The position writes that apply a layout: every block and the start marker not yet there; the end
 * marker goes back to following the lowest block (DEFAULT_END_POSITION), which is where the layout puts
 * it, and so keeps moving down as blocks are added below.
 */
export function layoutMoves(dialog: LayoutDialog, layout: ReadonlyMap<string, XY>): NodePosition[] {
  const moves: NodePosition[] = [];
  const same = (a: XY, b: XY) => a.x === b.x && a.y === b.y;
  for (const m of dialog.structure) {
    if (m.kind === 'end') {
      if (!isDefaultEndPosition(m.position)) moves.push({ id: m.id, position: DEFAULT_END_POSITION });
      continue;
    }
    const p = layout.get(m.id);
    if (p && !same(p, m.position)) moves.push({ id: m.id, position: p });
  }
  for (const b of dialog.all_questions) {
    const p = layout.get(b.unique_question_id);
    if (p && !same(p, b.position)) moves.push({ id: b.unique_question_id, position: p });
  }
  return moves;
}

/** The writes that put the nodes moved by moves back where they are in dialog now (undo of a layout). */
export function movesBack(dialog: LayoutDialog, moves: readonly NodePosition[]): NodePosition[] {
  const now = new Map<string, XY>(dialog.structure.map((m) => [m.id, m.position]));
  for (const b of dialog.all_questions) now.set(b.unique_question_id, b.position);
  return moves.flatMap((m) => {
    const p = now.get(m.id);
    return p ? [{ id: m.id, position: p }] : [];
  });
}
