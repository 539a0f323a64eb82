import type { AriaLabelConfig, NodeChange } from '@xyflow/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import { BLOCK_TYPES, blockTitle, isEndNodeId } from '../../../../contract/blocks.ts';
import type { NodePosition } from '../../../../contract/dialogs.ts';
import { previewText } from '../../../lib/preview-text.ts';
import type { GraphEdge, GraphNode } from './graph-model.ts';

/** The graph for screen readers and the keyboard (issue 25): names, help texts, Tab order. */

/** xyflow's own texts (view controls, help of nodes and edges, moves, handles) in the UI language. */
export function graphAriaConfig(t: TFunction): Partial<AriaLabelConfig> {
  return {
    'controls.ariaLabel': t('configurator.graph.controls.label'),
    'controls.zoomIn.ariaLabel': t('configurator.graph.controls.zoomIn'),
    'controls.zoomOut.ariaLabel': t('configurator.graph.controls.zoomOut'),
    'controls.fitView.ariaLabel': t('configurator.graph.controls.fitView'),
    'controls.interactive.ariaLabel': t('configurator.graph.controls.interactive'),
    'node.a11yDescription.default': t('configurator.graph.a11y.nodeHelp'),
    'node.a11yDescription.keyboardDisabled': t('configurator.graph.a11y.nodeHelp'),
    'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
      t('configurator.graph.a11y.moved', { direction, x, y }),
    'edge.a11yDescription.default': t('configurator.graph.a11y.edgeHelp'),
    'handle.ariaLabel': t('configurator.graph.a11y.handle'),
  };
}

/**
 * A translation with named values filled in by plain string joins: i18next is asked once (`translate`,
 * with marker values) instead of once per node or edge, which cost a tenth of a second for a dialog of
 * 1,000 blocks and its edges. The same text as the translation of the values: they go in as they are
 * (no escaping, no formats in these texts).
 */
export function fillIn<N extends string>(
  translate: (values: Record<N, string>) => string,
  names: readonly N[],
): (values: Record<N, string | number>) => string {
  const marks = Object.fromEntries(names.map((n) => [n, `\u0000${n}\u0000`])) as Record<N, string>;
  const parts = translate(marks).split('\u0000');
  // Odd parts are the names, even parts the text between them.
  return (values) => parts.map((part, i) => (i % 2 === 1 ? String(values[part as N]) : part)).join('');
}

/**
 * The nodes named, in the order the Tab key should reach them: start, the blocks, the other dialogs'
 * triggers, the end last (the end marker comes before the blocks in the model). A block is named by its
 * order, type and text; a marker or another dialog's trigger by its name.
 */
export function namedNodes(nodes: GraphNode[], t: TFunction, language: string): GraphNode[] {
  const blockName = fillIn((v) => t('configurator.graph.a11y.block', v), ['order', 'type', 'text']);
  const typeNames = new Map(BLOCK_TYPES.map((type) => [type, t(`configurator.types.${type}`)]));
  const nodeName = (node: GraphNode): string => {
    if (node.type === 'block') {
      const { block } = node.data;
      return blockName({
        order: block.order,
        type: typeNames.get(block.type) ?? block.type,
        text: previewText(blockTitle(block), language) || '—',
      });
    }
    if (node.type === 'marker') return t(`configurator.graph.${node.data.kind}`);
    return node.data.label;
  };
  const named = nodes.map((n) => ({ ...n, ariaLabel: nodeName(n) }) as GraphNode);
  return [...named.filter((n) => !isEndNodeId(n.id)), ...named.filter((n) => isEndNodeId(n.id))];
}

/** Edges named by the nodes they connect ('Verbindung von #1 … nach Ende'), not by ids. */
export function namedEdges(edges: GraphEdge[], nodes: GraphNode[], t: TFunction): GraphEdge[] {
  const names = new Map(nodes.map((n) => [n.id, n.ariaLabel ?? n.id]));
  const edgeName = fillIn((v) => t('configurator.graph.a11y.edge', v), ['source', 'target']);
  return edges.map((e) => ({
    ...e,
    ariaLabel: edgeName({
      source: names.get(e.source) ?? e.source,
      target: names.get(e.target) ?? e.target,
    }),
  }));
}

/** How long the arrow keys rest before their moves are saved (one call, not one per press). */
const KEY_MOVES_SAVED_AFTER_MS = 400;

/**
 * The arrow keys move the selected nodes (xyflow) without any drag event: those moves are saved like
 * a drag, once the keys rest. A drag's own last position change is left to onNodeDragStop.
 */
export function useKeyboardMoves(save: (moves: NodePosition[]) => void) {
  const dragging = useRef(false);
  const pending = useRef(new Map<string, NodePosition>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moves = useMemo(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (pending.current.size === 0) return;
      const all = [...pending.current.values()];
      pending.current.clear();
      save(all);
    };
    return {
      flush,
      onDragStart: () => {
        dragging.current = true;
      },
      onDragStop: () => {
        dragging.current = false;
      },
      onChanges: (changes: NodeChange<GraphNode>[]) => {
        if (dragging.current) return;
        for (const c of changes) {
          if (c.type !== 'position' || c.dragging !== false || !c.position) continue;
          pending.current.set(c.id, {
            id: c.id,
            position: { x: Math.round(c.position.x), y: Math.round(c.position.y) },
          });
        }
        if (pending.current.size === 0) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, KEY_MOVES_SAVED_AFTER_MS);
      },
    };
  }, [save]);
  useEffect(() => moves.flush, [moves]);
  return moves;
}
