/** What the configurator screen hands the graph, which the loader fetches as its own chunk. */
export interface GraphViewProps {
  selectedId: string | null;
  onSelect(id: string | null): void;
}
