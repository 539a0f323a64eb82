import type { BlockContent } from '../../contract/blocks.ts';
import { blockNodeSize, MARKER_SIZE, type Size, type XY } from '../../contract/graph-geometry.ts';

/** Where a new block goes in the configurator graph (create and copy): below its anchor, over no node. */

export interface Rect extends XY, Size {}

/** Free space kept between a node and the next one below or beside it. */
export const PLACEMENT_GAP = 40;

export const blockRect = (content: BlockContent): Rect => ({
  ...content.position,
  ...blockNodeSize(content),
});
export const markerRect = (position: XY): Rect => ({ ...position, ...MARKER_SIZE });

/**
 * Where a node of this size goes below anchor: centred under it, one gap below; while that overlaps a
 * node of taken (with the gap around it), further down below that node. Positions are whole numbers.
 */
export function freeSpotBelow(anchor: Rect, size: Size, taken: readonly Rect[]): XY {
  const gap = PLACEMENT_GAP;
  const x = Math.round(anchor.x + anchor.width / 2 - size.width / 2);
  let y = Math.ceil(anchor.y + anchor.height + gap);
  const column = taken.filter((r) => x < r.x + r.width + gap && r.x < x + size.width + gap);
  // Each step moves below a node in the way, so y only grows and every node moves it at most once.
  for (;;) {
    const hit = column.find((r) => y < r.y + r.height + gap && r.y < y + size.height + gap);
    if (!hit) return { x, y };
    y = Math.ceil(hit.y + hit.height + gap);
  }
}
