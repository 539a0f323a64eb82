import type { Dialog, NodePosition } from '../../../../contract/dialogs.ts';
import {
  DEFAULT_END_POSITION,
  isDefaultEndPosition,
  MARKER_SIZE,
  type Size,
  type XY,
} from '../../../../contract/graph-geometry.ts';
import { blockSize, buildEdges, LAYOUT_GAP } from './graph-model.ts';

/**
 * The 'Automatisch anordnen' layout of the graph: layers top to bottom by the dialog's order and jumps,
 * saved as positions. Pure, so the graph and its tests compute the same.
 */

type LayoutDialog = Pick<Dialog, 'survey_id' | 'all_questions' | 'structure'>;

/**
 * Layer of each node, top to bottom: the start marker first, each block one layer below the deepest of
 * the nodes before it (in dialog order) that lead to it (start edge, way on, jump or option jump), a
 * block nothing earlier leads to one layer below the block before it, and the end marker last. Blocks
 * on alternative ways (an option's jump next to the way on) so share a layer; jumps back are ignored.
 */
export function layers(dialog: LayoutDialog): string[][] {
  const blocks = dialog.all_questions;
  const start = dialog.structure.find((m) => m.kind === 'start');
  const end = dialog.structure.find((m) => m.kind === 'end');
  const startId = start?.id ?? '';
  const index = new Map<string, number>([[startId, 0]]);
  for (const [i, b] of blocks.entries()) index.set(b.unique_question_id, i + 1);
  const from = new Map<string, string[]>();
  for (const e of buildEdges(dialog)) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || t <= s) continue;
    const list = from.get(e.target);
    if (list) list.push(e.source);
    else from.set(e.target, [e.source]);
  }
  const rank = new Map<string, number>([[startId, 0]]);
  let deepest = 0;
  blocks.forEach((b, i) => {
    const id = b.unique_question_id;
    const sources = from.get(id);
    const previous = i === 0 ? startId : blocks[i - 1]!.unique_question_id;
    const r = sources ? Math.max(...sources.map((s) => rank.get(s)! + 1)) : (rank.get(previous) ?? 0) + 1;
    rank.set(id, r);
    deepest = Math.max(deepest, r);
  });
  const result: string[][] = Array.from({ length: deepest + 1 }, () => []);
  if (start) result[0]!.push(start.id);
  for (const b of blocks) result[rank.get(b.unique_question_id)!]!.push(b.unique_question_id);
  if (end) result.push([end.id]);
  return result.filter((row) => row.length > 0);
}

/**
 * The 'Automatisch anordnen' positions of the markers and blocks: the layers as rows, each row centred
 * under the start marker, its nodes side by side in dialog order, each row one gap below the tallest
 * node of the row above. The start marker keeps its place, so the view stays where it was.
 */
export function autoLayout(dialog: LayoutDialog): Map<string, XY> {
  const sizes = new Map<string, Size>(dialog.structure.map((m) => [m.id, MARKER_SIZE]));
  for (const b of dialog.all_questions) sizes.set(b.unique_question_id, blockSize(b));
  const start = dialog.structure.find((m) => m.kind === 'start')?.position ?? { x: 0, y: 0 };
  const centre = start.x + MARKER_SIZE.width / 2;
  const positions = new Map<string, XY>();
  let y = start.y;
  for (const row of layers(dialog)) {
    const rowSizes = row.map((id) => sizes.get(id)!);
    const width = rowSizes.reduce((sum, s) => sum + s.width, 0) + LAYOUT_GAP.x * (row.length - 1);
    let x = centre - width / 2;
    row.forEach((id, i) => {
      positions.set(id, { x: Math.round(x), y: Math.round(y) });
      x += rowSizes[i]!.width + LAYOUT_GAP.x;
    });
    y += Math.max(...rowSizes.map((s) => s.height)) + LAYOUT_GAP.y;
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
