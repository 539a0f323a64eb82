import { type Edge, type Node, type NodeHandle, Position } from '@xyflow/react';
import { type Block, endNodeId, hasOptions, startNodeId } from '../../../../contract/blocks.ts';
import { type Connection, type Dialog, type Marker, optionHandle } from '../../../../contract/dialogs.ts';
import {
  blockNodeSize,
  GRAPH_GEOMETRY,
  isDefaultEndPosition,
  MARKER_SIZE,
  type Size,
  type XY,
} from '../../../../contract/graph-geometry.ts';
import type { GraphPrefs } from './graph-prefs.ts';
import type { TriggerLink } from './triggers.ts';

/**
 * The configurator graph (SPEC §2) as data: nodes for the blocks and the start_node_/end_node_
 * markers, edges for the order and every kind of jump. Pure and cached per block, so a change of one
 * block builds one new node and the graph stays smooth with hundreds of blocks.
 */

/** Source handle of a block's unconditional way on (jump_to_question, is_end or the next block). */
export const NEXT_HANDLE = 'next';

export type EdgeKind =
  | 'order'
  | 'jump'
  | 'end'
  | 'start'
  | 'conditional'
  /** A rule on a hidden field (field_jumps), labelled 'src = panel'; changed in the block editor. */
  | 'field'
  | 'trigger_source'
  | 'trigger_target';

export interface EdgeData extends Record<string, unknown> {
  kind: EdgeKind;
  /** The trigger a trigger edge stands for (deleted from the graph, SPEC §7). */
  triggerId?: number;
}

export type BlockNode = Node<{ block: Block }, 'block'>;
export type MarkerNode = Node<{ kind: 'start' | 'end' }, 'marker'>;
export type TriggerNode = Node<{ label: string; direction: 'source' | 'target' }, 'trigger'>;
export type GraphNode = BlockNode | MarkerNode | TriggerNode;
export type GraphEdge = Edge<EdgeData>;

/**
 * The fixed sizes nodes.tsx draws the nodes in. Every node comes with its size and its handles, so the
 * graph can leave nodes outside the view unrendered from the start (otherwise each node is drawn once
 * to be measured: all 500 of a big dialog).
 */
/** Node sizes as drawn (contract/graph-geometry.ts: the server places new blocks by them too). */
export const GEOMETRY = GRAPH_GEOMETRY;

const H = GEOMETRY.handle;

function handle(
  type: 'source' | 'target',
  position: Position,
  x: number,
  y: number,
  id: string | null,
): NodeHandle {
  return { type, position, x: x - H / 2, y: y - H / 2, width: H, height: H, id };
}

/** Size and handles of a block node: top target, bottom way on, one source per option on the right. */
export function blockGeometry(block: Block): Pick<BlockNode, 'measured' | 'handles'> {
  const options = hasOptions(block.type) ? block.options.length : 0;
  const { width, height } = blockNodeSize(block);
  const handles = [
    handle('target', Position.Top, width / 2, 0, null),
    handle('source', Position.Bottom, width / 2, height, NEXT_HANDLE),
    ...Array.from({ length: options }, (_, i) =>
      handle(
        'source',
        Position.Right,
        width,
        GEOMETRY.blockHead + (i + 0.5) * GEOMETRY.option,
        optionHandle(i),
      ),
    ),
  ];
  return { measured: { width, height }, handles };
}

function markerGeometry(kind: 'start' | 'end'): Pick<MarkerNode, 'measured' | 'handles'> {
  const { markerWidth: width, markerHeight: height } = GEOMETRY;
  return {
    measured: { width, height },
    handles: [
      kind === 'start'
        ? handle('source', Position.Bottom, width / 2, height, null)
        : handle('target', Position.Top, width / 2, 0, null),
    ],
  };
}

function triggerGeometry(direction: 'source' | 'target'): Pick<TriggerNode, 'measured' | 'handles'> {
  const { triggerWidth: width, triggerHeight: height } = GEOMETRY;
  return {
    measured: { width, height },
    handles: [
      direction === 'source'
        ? handle('target', Position.Left, 0, height / 2, null)
        : handle('source', Position.Right, width, height / 2, null),
    ],
  };
}

/** Space kept between nodes one below the other (rows) and side by side. */
export const LAYOUT_GAP = { x: 40, y: 60 } as const;

/** A block node's size as drawn (GEOMETRY: head, one row per option, foot). */
export const blockSize = (block: Block): Size => blockNodeSize(block);

/** Centred under a node of this position and size, one row gap below it. */
function below(position: XY, size: Size, width: number): XY {
  return {
    x: Math.round(position.x + size.width / 2 - width / 2),
    y: Math.ceil(position.y + size.height + LAYOUT_GAP.y),
  };
}

/**
 * The end marker's place while the author has not put it anywhere: centred under the lowest block
 * (its bottom edge lowest; the later one in the dialog on a tie), else under the start marker.
 */
export function autoEndPosition(blocks: readonly Block[], start: XY): XY {
  let lowest: { position: XY; size: Size; bottom: number } | null = null;
  for (const b of blocks) {
    const size = blockSize(b);
    const bottom = b.position.y + size.height;
    if (!lowest || bottom >= lowest.bottom) lowest = { position: b.position, size, bottom };
  }
  return lowest
    ? below(lowest.position, lowest.size, MARKER_SIZE.width)
    : below(start, MARKER_SIZE, MARKER_SIZE.width);
}

/** Where a marker is drawn: its stored position; the end marker not placed yet below the blocks. */
export function markerPosition(marker: Marker, dialog: Pick<Dialog, 'all_questions' | 'structure'>): XY {
  if (marker.kind !== 'end' || !isDefaultEndPosition(marker.position)) return marker.position;
  const start = dialog.structure.find((m) => m.kind === 'start')?.position ?? { x: 0, y: 0 };
  return autoEndPosition(dialog.all_questions, start);
}

/**
 * Markers are drawn above blocks (and so above every edge): an edge into the end marker never ends at a
 * hidden target. Blocks keep 0 (1000 while selected, xyflow's elevateNodesOnSelect).
 */
export const MARKER_Z_INDEX = 2000;

const blockNodes = new WeakMap<Block, BlockNode>();

/** One node per block, the same object as long as the block object is the same. */
export function blockNode(block: Block): BlockNode {
  let node = blockNodes.get(block);
  if (!node) {
    node = {
      id: block.unique_question_id,
      type: 'block',
      position: block.position,
      data: { block },
      ...blockGeometry(block),
    };
    blockNodes.set(block, node);
  }
  return node;
}

export function buildNodes(
  dialog: Pick<Dialog, 'all_questions' | 'structure'>,
  triggers: TriggerLink[] = [],
) {
  const markers: MarkerNode[] = dialog.structure.map((m) => ({
    id: m.id,
    type: 'marker',
    position: markerPosition(m, dialog),
    zIndex: MARKER_Z_INDEX,
    data: { kind: m.kind },
    deletable: false,
    ...markerGeometry(m.kind),
  }));
  const external: TriggerNode[] = triggers.map((t) => ({
    id: t.nodeId,
    type: 'trigger',
    position: t.position,
    data: { label: t.label, direction: t.direction },
    draggable: false,
    connectable: false,
    deletable: false,
    ...triggerGeometry(t.direction),
  }));
  return [...markers, ...dialog.all_questions.map(blockNode), ...external] as GraphNode[];
}

function edge(
  id: string,
  kind: EdgeKind,
  source: string,
  target: string,
  sourceHandle: string | null,
  extra: Partial<GraphEdge> = {},
): GraphEdge {
  return { id, source, target, sourceHandle, data: { kind }, deletable: kind !== 'order', ...extra };
}

/** All edges of the dialog, before the visibility preferences are applied. */
export function buildEdges(
  dialog: Pick<Dialog, 'survey_id' | 'all_questions'>,
  triggers: TriggerLink[] = [],
) {
  const end = endNodeId(dialog.survey_id);
  const start = startNodeId(dialog.survey_id);
  const blocks = dialog.all_questions;
  const edges: GraphEdge[] = [];
  const first = blocks.find((b) => b.start_page === 1);
  if (first)
    edges.push(edge(`start:${first.unique_question_id}`, 'start', start, first.unique_question_id, null));
  else edges.push(edge('order:start', 'order', start, blocks[0]?.unique_question_id ?? end, null));

  blocks.forEach((b, i) => {
    const id = b.unique_question_id;
    if (b.is_end === 1) {
      edges.push(edge(`end:${id}`, 'end', id, end, NEXT_HANDLE, { deletable: b.type !== 'end' }));
    } else if (b.jump_to_question !== null) {
      edges.push(edge(`jump:${id}`, 'jump', id, b.jump_to_question, NEXT_HANDLE));
    } else {
      edges.push(edge(`order:${id}`, 'order', id, blocks[i + 1]?.unique_question_id ?? end, NEXT_HANDLE));
    }
    b.field_jumps.forEach((rule, i) => {
      edges.push(
        edge(`field:${id}:${i}`, 'field', id, rule.target, NEXT_HANDLE, {
          label: `${rule.field} = ${rule.value}`,
          deletable: false,
        }),
      );
    });
    b.jump_to_ids.forEach((target, option) => {
      if (target === null) return;
      edges.push(
        edge(`option:${id}:${option}`, 'conditional', id, target, optionHandle(option), {
          label: b.options[option],
        }),
      );
    });
  });
  for (const t of triggers) {
    const [source, target] = t.direction === 'source' ? [t.blockId, t.nodeId] : [t.nodeId, t.blockId];
    const kind = t.direction === 'source' ? 'trigger_source' : 'trigger_target';
    edges.push(
      edge(`trigger:${t.nodeId}`, kind, source, target, null, {
        deletable: false,
        label: t.timeoutSeconds === undefined ? t.type : `${t.type} · ${t.timeoutSeconds} s`,
        data: { kind, triggerId: t.triggerId },
      }),
    );
  }
  return edges;
}

/** The edges shown: the kinds the preferences switch off and the edges hidden one by one are left out. */
export function visibleEdges(edges: readonly GraphEdge[], prefs: GraphPrefs): GraphEdge[] {
  const hidden = new Set(prefs.hiddenEdges);
  return edges.filter((e) => {
    if (hidden.has(e.id)) return false;
    const kind = e.data?.kind;
    if (kind === 'conditional' || kind === 'field') return prefs.showConditionalJumps;
    if (kind === 'trigger_source') return prefs.showTriggersSource;
    if (kind === 'trigger_target') return prefs.showTriggersTarget;
    return true;
  });
}

/**
 * Keeps the previous edge object when nothing about it changed, so the graph re-renders only the
 * edges that did.
 */
export function reuseEdges(previous: ReadonlyMap<string, GraphEdge>, next: GraphEdge[]): GraphEdge[] {
  return next.map((e) => {
    const old = previous.get(e.id);
    return old &&
      old.source === e.source &&
      old.target === e.target &&
      old.sourceHandle === e.sourceHandle &&
      old.label === e.label &&
      old.ariaLabel === e.ariaLabel &&
      old.deletable === e.deletable
      ? old
      : e;
  });
}

/** The structure call (SPEC §7) for an edge drawn from source (handle) to target. */
export function connectionFor(
  source: string,
  target: string,
  sourceHandle: string | null | undefined,
): Connection {
  return { source, target, sourceHandle: sourceHandle ?? null };
}

/**
 * What removing an edge means: the jump it stands for is cleared (target null). Order edges are not
 * stored, so they cannot be removed; neither can trigger edges (the dialog manager owns them).
 */
export function removalFor(e: GraphEdge): Connection | null {
  const kind = e.data?.kind;
  if (kind === 'start') return { source: e.source, target: null, sourceHandle: null };
  if (kind === 'jump' || kind === 'end' || kind === 'conditional') {
    return { source: e.source, target: null, sourceHandle: e.sourceHandle ?? null };
  }
  return null;
}
