import { useConfiguratorStore } from '../store.ts';

/**
 * Writes run one after another, so each sends the version the previous one left; `saving` counts those
 * in flight or waiting. The generation goes up when another dialog is loaded: answers for the previous
 * one are then ignored.
 */
export function createWriteQueue() {
  const store = useConfiguratorStore;
  let queue: Promise<unknown> = Promise.resolve();
  let generation = 0;
  return {
    enqueue<T>(task: () => Promise<T>): Promise<T> {
      store.setState((s) => ({ saving: s.saving + 1 }));
      const run = queue.then(task).finally(() => store.setState((s) => ({ saving: s.saving - 1 })));
      queue = run.catch(() => undefined);
      return run;
    },
    generation: () => generation,
    /** Another dialog is loaded; returns its generation. */
    nextGeneration: () => ++generation,
    /** Waits until every write sent so far is answered. */
    settled: (): Promise<void> => queue.then(() => undefined),
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
