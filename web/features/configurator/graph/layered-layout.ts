import dagre from '@dagrejs/dagre';
import type { XY } from '../../../../contract/graph-geometry.ts';

/**
 * A layered (Sugiyama) placement by dagre: top to bottom, each edge's target a layer below its source,
 * alternative ways side by side, crossings reduced. Pure and deterministic (the same input in the same
 * order gives the same positions), so the graph and its tests compute the same.
 */

export interface LayoutBox {
  id: string;
  width: number;
  height: number;
}

export interface LayoutLink {
  source: string;
  target: string;
}

export interface LayoutGap {
  /** Between nodes side by side. */
  x: number;
  /** Between layers. */
  y: number;
}

/**
 * Top-left positions of the boxes (in the order given, which is the dialog's order). A link to a box
 * not later in that order is a way back (a loop) and does not place anything, so loops never push the
 * dialog's start down; a box nothing earlier leads to is kept below the box before it, so blocks
 * reached only by a jump back or from outside stay in dialog order instead of floating to the top.
 */
export function layeredPositions(
  boxes: readonly LayoutBox[],
  links: readonly LayoutLink[],
  gap: LayoutGap,
): Map<string, XY> {
  const graph = new dagre.graphlib.Graph({ multigraph: false });
  graph.setGraph({ rankdir: 'TB', nodesep: gap.x, ranksep: gap.y, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const index = new Map(boxes.map((b, i) => [b.id, i]));
  for (const b of boxes) graph.setNode(b.id, { width: b.width, height: b.height });
  const reached = new Set<string>();
  for (const { source, target } of links) {
    const s = index.get(source);
    const t = index.get(target);
    if (s === undefined || t === undefined || t <= s) continue;
    graph.setEdge(source, target);
    reached.add(target);
  }
  boxes.forEach((b, i) => {
    // Light: it only keeps the order, the real ways decide the columns.
    if (i > 0 && !reached.has(b.id)) graph.setEdge(boxes[i - 1]!.id, b.id, { weight: 0 });
  });
  dagre.layout(graph);
  const positions = new Map<string, XY>();
  for (const b of boxes) {
    const centre = graph.node(b.id);
    positions.set(b.id, { x: Math.round(centre.x - b.width / 2), y: Math.round(centre.y - b.height / 2) });
  }
  return positions;
}
