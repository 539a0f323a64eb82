import type { Block } from '../../../../contract/blocks.ts';
import type { Dialog } from '../../../../contract/dialogs.ts';
import type { ConfiguratorApi } from '../api.ts';
import type { OperationResult } from '../model/history.ts';
import {
  applyLocalChange,
  computeView,
  type LocalChange,
  mergeBlocks,
  reconcileDialog,
} from '../model/optimistic.ts';
import { useConfiguratorStore } from '../store.ts';
import type { WriteQueue } from './write-queue.ts';
import type { Prepared, WriteResult } from './write-types.ts';

/** A write's answer with blocks and version, merged into the confirmed dialog. */
export const settleBlocks = (d: Dialog, res: { blocks: Block[]; version: number }) =>
  mergeBlocks(d, res.blocks, res.version);

/**
 * How writes reach the store: changes SPEC §4 applies optimistically show at once and are confirmed, or
 * taken back, when the server answers; create, delete and recreate reload the dialog afterwards.
 */
export function createDialogSync(api: ConfiguratorApi, queue: WriteQueue) {
  const store = useConfiguratorStore;
  const get = () => store.getState();
  let nextPendingId = 1;
  /** Ids of exit conditions shown before the server gave them theirs (negative, never a server id). */
  let nextDraftCondition = -1;

  const surveyId = () => get().surveyId ?? '';

  function setConfirmed(fn: (d: Dialog) => Dialog) {
    store.setState((s) => {
      if (!s.confirmed) return {};
      const confirmed = fn(s.confirmed);
      return { confirmed, dialog: computeView(confirmed, s.pending) };
    });
  }

  /** Shows a change at once; run() sends it and either confirms it or takes it back. */
  function optimistic<T>(
    change: LocalChange,
    request: () => Promise<T>,
    settle: (d: Dialog, res: T) => Dialog,
    result: (res: T) => OperationResult = () => ({}),
  ): Prepared {
    const gen = queue.generation();
    const id = nextPendingId++;
    store.setState((s) => {
      const pending = [...s.pending, { id, change }];
      return { pending, dialog: s.dialog ? applyLocalChange(s.dialog, change) : s.dialog };
    });
    const drop = (confirmedFn?: (d: Dialog) => Dialog) =>
      store.setState((s) => {
        if (gen !== queue.generation() || !s.confirmed) return {};
        const pending = s.pending.filter((p) => p.id !== id);
        const confirmed = confirmedFn ? confirmedFn(s.confirmed) : s.confirmed;
        return { pending, confirmed, dialog: computeView(confirmed, pending) };
      });
    return {
      async run() {
        let res: T;
        try {
          res = await request();
        } catch (error) {
          drop();
          throw error;
        }
        drop((d) => settle(d, res));
        return result(res);
      },
    };
  }

  async function reload(): Promise<void> {
    const id = surveyId();
    const gen = queue.generation();
    const fresh = await api.load(id);
    if (gen !== queue.generation()) return;
    store.setState((s) => {
      const confirmed = reconcileDialog(s.confirmed, fresh);
      return { confirmed, dialog: computeView(confirmed, s.pending), loadError: null };
    });
  }

  /** Create, delete and recreate: no optimistic step, the dialog is reloaded afterwards. */
  function reloading(request: () => Promise<WriteResult>): Prepared {
    return {
      async run() {
        store.setState((s) => ({ busy: s.busy + 1 }));
        try {
          const result = await request();
          await reload();
          return result;
        } finally {
          store.setState((s) => ({ busy: s.busy - 1 }));
        }
      },
    };
  }

  return {
    surveyId,
    confirmedBlock: (id: string) => get().confirmed?.all_questions.find((b) => b.unique_question_id === id),
    shownBlock: (id: string) => get().dialog?.all_questions.find((b) => b.unique_question_id === id),
    draftConditionId: () => nextDraftCondition--,
    setConfirmed,
    optimistic,
    reload,
    reloading,
  };
}

export type DialogSync = ReturnType<typeof createDialogSync>;
