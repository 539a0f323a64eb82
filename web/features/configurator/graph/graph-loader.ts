import { type ComponentType, useEffect, useState } from 'react';
import type { GraphViewProps } from './graph-view-props.ts';

type GraphModule = { default: ComponentType<GraphViewProps> };
let graphModule: Promise<GraphModule> | null = null;

/**
 * The graph's code, its own chunk (the list opens without it). Idempotent: the toolbar starts it when
 * the author points at 'Graph', the screen when the graph is shown.
 */
export const loadGraphView = (): Promise<GraphModule> => (graphModule ??= import('./GraphView.tsx'));

/**
 * The graph component once its code is there (null before). Loaded with state, not Suspense: React
 * holds back revealing suspended content for a moment, which a big dialog's graph does not need.
 */
export function useGraphView(wanted: boolean): ComponentType<GraphViewProps> | null {
  const [view, setView] = useState<ComponentType<GraphViewProps> | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    loadGraphView().then(
      (module) => live && setView(() => module.default),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, view]);
  // A chunk that cannot be loaded goes to the route's error screen.
  if (failure) throw failure;
  return view;
}
