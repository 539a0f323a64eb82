import { createContext, useContext } from 'react';

/** What nodes ask of the graph around them (one menu for all nodes instead of one per node). */
export interface GraphActions {
  openAddMenu(anchor: HTMLElement, sourceNodeId: string): void;
}

export const GraphActionsContext = createContext<GraphActions>({ openAddMenu: () => undefined });
export const useGraphActions = () => useContext(GraphActionsContext);
