import { type FitViewOptions, getViewportForBounds, type Rect, useReactFlow, useStore } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import type { GraphNode } from './graph-model.ts';

/**
 * 'Ansicht anpassen' that keeps the text readable: the node texts are 12 to 14 px, so fitting never
 * zooms out below READABLE_ZOOM (captions ≥ 8 px). A dialog too big for that is not shrunk to
 * illegible dots: the view fits its start instead (the start marker and as many of the first blocks,
 * in dialog order, as fit), and the minimap shows the rest.
 */
export const READABLE_ZOOM = 0.7;
const PADDING = 0.1;

export interface FitNode {
  id: string;
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
}

function union(a: Rect | null, n: FitNode): Rect {
  const w = n.measured?.width ?? 0;
  const h = n.measured?.height ?? 0;
  if (!a) return { x: n.position.x, y: n.position.y, width: w, height: h };
  const x = Math.min(a.x, n.position.x);
  const y = Math.min(a.y, n.position.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, n.position.x + w) - x,
    height: Math.max(a.y + a.height, n.position.y + h) - y,
  };
}

const fits = (bounds: Rect, width: number, height: number) =>
  getViewportForBounds(bounds, width, height, 0, 1, PADDING).zoom >= READABLE_ZOOM;

/**
 * The fit options for a view of width × height: all nodes when they fit at a readable zoom, else the
 * longest run of startNodes (the start marker first, then the blocks in dialog order) that does.
 */
export function readableFit(
  all: readonly FitNode[],
  startNodes: readonly FitNode[],
  width: number,
  height: number,
): FitViewOptions {
  const options = { minZoom: READABLE_ZOOM, maxZoom: 1, padding: PADDING };
  const whole = all.reduce<Rect | null>(union, null);
  if (!whole || width <= 0 || height <= 0 || fits(whole, width, height)) return options;
  let bounds: Rect | null = null;
  let count = 0;
  for (const n of startNodes) {
    const next = union(bounds, n);
    if (count > 0 && !fits(next, width, height)) break;
    bounds = next;
    count++;
  }
  return { ...options, nodes: startNodes.slice(0, Math.max(count, 1)).map((n) => ({ id: n.id })) };
}

const viewSize = (s: { width: number; height: number }) => `${s.width}x${s.height}`;

/**
 * The fit options of 'Ansicht anpassen' for the graph's nodes as they are now and the view's size; the
 * view is fitted so once, as soon as it has its size (later changes never move it).
 */
export function useReadableFit(nodes: readonly GraphNode[]): FitViewOptions {
  const size = useStore(viewSize);
  const { fitView } = useReactFlow();
  const options = useMemo(() => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    const start = nodes.filter((n) => n.type === 'block' || (n.type === 'marker' && n.data.kind === 'start'));
    return readableFit(nodes, start, width, height);
  }, [nodes, size]);
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || size.startsWith('0x') || size.endsWith('x0')) return;
    fitted.current = true;
    void fitView(options);
  }, [fitView, options, size]);
  return options;
}
