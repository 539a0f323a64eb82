import { completeRedo, completeUndo, planRedo, planUndo } from '../model/history.ts';
import { useConfiguratorStore } from '../store.ts';
import { prepareWrite } from './prepare-write.ts';
import type { WriteContext } from './write-context.ts';

/** Undo and redo replay the history's operations through the same writes, in the queue's turn. */
export function historyReplay(ctx: WriteContext) {
  const store = useConfiguratorStore;
  return {
    undo() {
      return ctx.queue.enqueue(async () => {
        const gen = ctx.queue.generation();
        const step = planUndo(store.getState().history, ctx.sync.shownBlock);
        if (!step) return;
        try {
          const result = await prepareWrite(ctx, step.operation).run();
          if (gen === ctx.queue.generation())
            store.setState((s) => ({ history: completeUndo(s.history, step, result) }));
        } catch (error) {
          if (gen === ctx.queue.generation()) ctx.notices.reportFailure(error, 'undoFailed');
        }
      });
    },

    redo() {
      return ctx.queue.enqueue(async () => {
        const gen = ctx.queue.generation();
        const step = planRedo(store.getState().history);
        if (!step) return;
        try {
          const result = await prepareWrite(ctx, step.operation).run();
          if (gen === ctx.queue.generation())
            store.setState((s) => ({ history: completeRedo(s.history, step, result) }));
        } catch (error) {
          if (gen === ctx.queue.generation()) ctx.notices.reportFailure(error, 'redoFailed');
        }
      });
    },
  };
}
