import type { Dialog } from '../../../contract/dialogs.ts';
import { ApiError } from '../../api/client.ts';
import type { ConfiguratorApi } from './api.ts';
import { blockWriters } from './controller/block-writes.ts';
import { conditionWriters } from './controller/condition-writes.ts';
import { createDialogSync } from './controller/dialog-sync.ts';
import { graphWriters } from './controller/graph-writes.ts';
import { historyReplay } from './controller/history-replay.ts';
import { createNotices } from './controller/notices.ts';
import { recordingChange } from './controller/record-change.ts';
import { settingsWriters } from './controller/settings-writes.ts';
import { versionWriters } from './controller/version-writes.ts';
import type { WriteContext } from './controller/write-context.ts';
import { createWriteQueue } from './controller/write-queue.ts';
import { initialConfiguratorState, type NoticeSeverity, useConfiguratorStore } from './store.ts';

/**
 * Every write of the configurator. Writes run one after another (so each sends the version the
 * previous one left); changes SPEC §4 applies optimistically show at once and are reverted, with a
 * notice, when their call fails. Create, delete and recreate reload the dialog. Each successful change
 * is recorded in the history; undo and redo replay operations through the same paths. The parts live in
 * controller/: the write queue, the store sync, the writers per topic and the history replay.
 */
export function createController(api: ConfiguratorApi, now: () => number = Date.now) {
  const store = useConfiguratorStore;
  const queue = createWriteQueue();
  const ctx: WriteContext = { api, now, queue, sync: createDialogSync(api, queue), notices: createNotices() };
  const change = recordingChange(ctx);

  return {
    /**
     * Opens a dialog: clears everything of the previous one, but the change history of the same dialog
     * stays (back from another module, undo still works). started: the same call already under way
     * (the screen starts it while it renders, so the data does not wait for the first commit).
     */
    async load(id: string, started?: Promise<Dialog>): Promise<Dialog | null> {
      const gen = queue.nextGeneration();
      // Unsaved drafts belong to the fields still on screen: they unregister themselves.
      store.setState((s) => ({
        ...initialConfiguratorState(),
        surveyId: id,
        drafts: s.drafts,
        ...(s.surveyId === id ? { history: s.history } : {}),
      }));
      try {
        const dialog = await (started ?? api.load(id));
        if (gen !== queue.generation()) return null;
        store.setState({ confirmed: dialog, dialog, loadError: null });
        return dialog;
      } catch (error) {
        if (gen === queue.generation() && error instanceof ApiError) store.setState({ loadError: error });
        console.error('configurator: loading the dialog failed', error);
        return null;
      }
    },

    /** Reload after a stale write: what the server has now, pending changes dropped. */
    async reloadFromServer(): Promise<void> {
      store.setState({ stale: false });
      await queue.enqueue(async () => {
        store.setState((s) => ({ pending: [], dialog: s.confirmed }));
        try {
          await ctx.sync.reload();
        } catch (error) {
          ctx.notices.reportFailure(error, 'failed');
        }
      });
    },

    ...blockWriters(ctx, change),
    ...settingsWriters(ctx, change),
    ...conditionWriters(ctx, change),
    ...graphWriters(ctx, change),
    ...versionWriters(ctx, change),
    ...historyReplay(ctx),

    /** A notice about a call outside the writes: dialog manager and trigger calls (SPEC §8). */
    showNotice(severity: NoticeSeverity, text: string) {
      ctx.notices.notify(severity, text);
    },

    dismissNotice() {
      store.setState({ notice: null });
    },

    closeStale() {
      store.setState({ stale: false });
    },

    /** Waits until every write sent so far is answered (tests, leaving the screen). */
    settled: queue.settled,
  };
}

export type Controller = ReturnType<typeof createController>;
