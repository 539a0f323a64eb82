import { useEffect, useReducer } from 'react';

/**
 * A module of a chunk of its own, requested at once (beside a screen's first API call) and then read
 * synchronously: unlike React.lazy, a screen whose chunk has arrived renders it in the same pass, and
 * one that waits for it shows its own loading state, with no Suspense fallback that React would keep on
 * screen a while longer (its throttle of revealed content).
 */
export interface Chunk<M> {
  readonly promise: Promise<M>;
  module: M | null;
  failed: boolean;
}

export function requestChunk<M>(load: () => Promise<M>): Chunk<M> {
  const promise = load();
  const chunk: Chunk<M> = { promise, module: null, failed: false };
  promise.then(
    (module) => {
      chunk.module = module;
    },
    () => {
      // Shown by the screen (useChunk answers 'failed'); a chunk does not load a second time in a page.
      chunk.failed = true;
    },
  );
  return chunk;
}

/** The chunk's module once it has arrived, null while it is on its way, 'failed' if it did not load. */
export function useChunk<M>(chunk: Chunk<M>): M | null | 'failed' {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const waiting = chunk.module === null && !chunk.failed;
  useEffect(() => {
    if (waiting) chunk.promise.then(arrived, arrived);
  }, [chunk, waiting]);
  return chunk.failed ? 'failed' : chunk.module;
}
