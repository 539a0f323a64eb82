import { useEffect, useReducer } from 'react';

/**
 * A module of a chunk of its own, requested by the first screen that needs it, right after that
 * screen's own first calls (its effects run before useChunk's when it calls useChunk after them: the
 * browser's few connections go to the API calls first), and then read synchronously: unlike
 * React.lazy, a screen whose chunk has arrived renders it in the same pass, and one that waits for it
 * shows its own loading state, with no Suspense fallback that React would keep on screen a while longer
 * (its throttle of revealed content).
 */
export interface Chunk<M> {
  readonly load: () => Promise<M>;
  promise: Promise<M> | null;
  module: M | null;
  failed: boolean;
}

export function lazyChunk<M>(load: () => Promise<M>): Chunk<M> {
  return { load, promise: null, module: null, failed: false };
}

function request<M>(chunk: Chunk<M>): Promise<M> {
  chunk.promise ??= chunk.load().then(
    (module) => {
      chunk.module = module;
      return module;
    },
    (error: unknown) => {
      // Shown by the screen (useChunk answers 'failed'); a chunk does not load a second time in a page.
      chunk.failed = true;
      throw error;
    },
  );
  return chunk.promise;
}

/** The chunk's module once it has arrived, null while it is on its way, 'failed' if it did not load. */
export function useChunk<M>(chunk: Chunk<M>): M | null | 'failed' {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const waiting = chunk.module === null && !chunk.failed;
  useEffect(() => {
    if (waiting) request(chunk).then(arrived, arrived);
  }, [chunk, waiting]);
  return chunk.failed ? 'failed' : chunk.module;
}
