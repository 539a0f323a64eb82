import { create } from 'zustand';
import type { Block } from '../../../contract/blocks.ts';
import type { Dialog } from '../../../contract/dialogs.ts';
import type { ApiError } from '../../api/client.ts';
import { emptyHistory, type HistoryState } from './model/history.ts';
import type { PendingChange } from './model/optimistic.ts';

export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

export interface Notice {
  /** Changes with every notice, so the same text shown twice restarts the snackbar. */
  key: number;
  severity: NoticeSeverity;
  text: string;
}

/** The configurator's state; its writes go through controller.ts. */
export interface ConfiguratorState {
  surveyId: string | null;
  /** The dialog as the server last confirmed it. */
  confirmed: Dialog | null;
  /** Optimistic changes still in flight or queued. */
  pending: PendingChange[];
  /** What the screen shows: confirmed with the pending changes applied. */
  dialog: Dialog | null;
  history: HistoryState;
  /** Calls that end with a reload (create, delete, recreate) in flight. */
  busy: number;
  /** Writes in flight or waiting. */
  saving: number;
  loadError: ApiError | null;
  notice: Notice | null;
  /** A write was refused as stale (409): the author is asked to reload. */
  stale: boolean;
}

export const initialConfiguratorState = (): ConfiguratorState => ({
  surveyId: null,
  confirmed: null,
  pending: [],
  dialog: null,
  history: emptyHistory(),
  busy: 0,
  saving: 0,
  loadError: null,
  notice: null,
  stale: false,
});

export const useConfiguratorStore = create<ConfiguratorState>()(initialConfiguratorState);

const NO_BLOCKS: Block[] = [];

/** The blocks as shown, in order. */
export const useBlocks = () => useConfiguratorStore((s) => s.dialog?.all_questions ?? NO_BLOCKS);

/** One block as shown (undefined once it is gone). */
export const useBlock = (id: string | null) =>
  useConfiguratorStore((s) =>
    id ? s.dialog?.all_questions.find((b) => b.unique_question_id === id) : undefined,
  );
