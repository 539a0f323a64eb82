import { record } from '../model/history.ts';
import { useConfiguratorStore } from '../store.ts';
import { OPTIMISTIC, prepareWrite } from './prepare-write.ts';
import type { WriteContext } from './write-context.ts';
import type { Change } from './write-types.ts';

/**
 * Runs a write in turn and records it in the history when the server took it. An optimistic write shows
 * now; the others are prepared when their turn comes. A failure is reported, the write answers null.
 */
export function recordingChange(ctx: WriteContext): Change {
  return (op, entry) => {
    const gen = ctx.queue.generation();
    const prepared = OPTIMISTIC.has(op.op) ? prepareWrite(ctx, op) : null;
    return ctx.queue.enqueue(async () => {
      try {
        const result = await (prepared ?? prepareWrite(ctx, op)).run();
        const recorded = entry?.(result);
        if (recorded && gen === ctx.queue.generation())
          useConfiguratorStore.setState((s) => ({ history: record(s.history, recorded) }));
        return result;
      } catch (error) {
        if (gen === ctx.queue.generation())
          ctx.notices.reportFailure(error, OPTIMISTIC.has(op.op) ? 'reverted' : 'failed');
        return null;
      }
    });
  };
}
