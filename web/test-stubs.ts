import { vi } from 'vitest';

/** jsdom has no ResizeObserver, which charts and the graph observe their size with: one that never fires. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
