import type { BlockContent } from '../../contract/blocks.ts';
import { blockNodeSize, isDefaultEndPosition } from '../../contract/graph-geometry.ts';
import type { Write } from './dialog-write.ts';
import { blockRect, freeSpotBelow, markerRect, type Rect } from './placement.ts';
import { blockAtOrder, listBlocks } from './queries.ts';
import { contentFromRow, markersFromRow } from './rows.ts';

/**
 * Every node of the dialog as it is drawn: the blocks, the start marker, and the end marker where the
 * author put it (at its default position it follows the lowest block in the graph, so it is no obstacle).
 */
async function takenRects(w: Write): Promise<Rect[]> {
  const [start, end] = markersFromRow(w.survey);
  const rects = (await listBlocks(w.db, w.survey.id)).map((r) => blockRect(contentFromRow(r)));
  rects.push(markerRect(start!.position));
  if (!isDefaultEndPosition(end!.position)) rects.push(markerRect(end!.position));
  return rects;
}

/** A new block's position: below its anchor (the node it follows), overlapping no node. */
export async function placeNew(w: Write, anchor: Rect, content: BlockContent): Promise<BlockContent> {
  const position = freeSpotBelow(anchor, blockNodeSize(content), await takenRects(w));
  return { ...content, position } as BlockContent;
}

/** The node before an insertion point (a block or the start marker), as drawn in the graph. */
export async function anchorBefore(w: Write, order: number): Promise<Rect> {
  const previous = order > 1 ? await blockAtOrder(w.db, w.survey.id, order - 1) : undefined;
  return previous ? blockRect(contentFromRow(previous)) : markerRect(markersFromRow(w.survey)[0]!.position);
}
