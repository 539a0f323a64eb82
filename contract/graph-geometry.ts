import { type BlockType, hasOptions } from './blocks.ts';

/**
 * How the configurator graph draws its nodes, in pixels: a block is a head, one row per option (option
 * types) and a foot. The graph (web/features/configurator/graph) draws by these sizes, and the server
 * places new blocks by them, so a new block overlaps no node.
 */
export const GRAPH_GEOMETRY = {
  blockWidth: 240,
  blockHead: 56,
  option: 24,
  blockFoot: 28,
  markerWidth: 140,
  markerHeight: 40,
  triggerWidth: 200,
  triggerHeight: 32,
  handle: 6,
} as const;

export interface XY {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MARKER_SIZE: Size = { width: GRAPH_GEOMETRY.markerWidth, height: GRAPH_GEOMETRY.markerHeight };

/** The size of a block's node as drawn. */
export function blockNodeSize(block: { type: BlockType; options: readonly unknown[] }): Size {
  const options = hasOptions(block.type) ? block.options.length : 0;
  return {
    width: GRAPH_GEOMETRY.blockWidth,
    height: GRAPH_GEOMETRY.blockHead + options * GRAPH_GEOMETRY.option + GRAPH_GEOMETRY.blockFoot,
  };
}

/**
 * Where every dialog's end marker starts. An end marker still there was never placed by the author: the
 * graph draws it below the lowest block instead, so it moves down as blocks are added.
 */
export const DEFAULT_END_POSITION: XY = { x: 0, y: 600 };

export const isDefaultEndPosition = (position: XY) =>
  position.x === DEFAULT_END_POSITION.x && position.y === DEFAULT_END_POSITION.y;
