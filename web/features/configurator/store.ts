import { useEffect, useId } from 'react';
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
  /**
   * Fields whose text differs from the saved value (typed, not yet saved on leaving the field), by
   * field id; true when the text is invalid and so cannot be saved as it is.
   */
  drafts: Record<string, boolean>;
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
  drafts: {},
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

/** Registers a field's unsaved draft (invalid: it cannot be saved as it is) or, with null, removes it. */
export function setUnsavedDraft(id: string, invalid: boolean | null): void {
  useConfiguratorStore.setState((s) => {
    if (invalid === null) {
      if (!(id in s.drafts)) return {};
      const { [id]: _, ...drafts } = s.drafts;
      return { drafts };
    }
    if (s.drafts[id] === invalid) return {};
    return { drafts: { ...s.drafts, [id]: invalid } };
  });
}

export type SaveStatus = 'saving' | 'invalid' | 'unsaved' | 'saved';

/** What the toolbar says: writes in flight, else unsaved drafts (an invalid one first), else saved. */
export function saveStatus(s: Pick<ConfiguratorState, 'saving' | 'drafts'>): SaveStatus {
  if (s.saving > 0) return 'saving';
  const drafts = Object.values(s.drafts);
  if (drafts.some((invalid) => invalid)) return 'invalid';
  return drafts.length > 0 ? 'unsaved' : 'saved';
}

/** Whether leaving the page now would lose something: unsaved drafts or writes in flight. */
export const hasUnsavedWork = (s: Pick<ConfiguratorState, 'saving' | 'drafts'>) => saveStatus(s) !== 'saved';

/**
 * A field reports its draft: dirty when it differs from the saved value (valid or not), invalid when
 * it cannot be saved as it is. It unregisters once clean again and when it unmounts.
 */
export function useUnsavedDraft(dirty: boolean, invalid: boolean): void {
  const id = useId();
  useEffect(() => {
    setUnsavedDraft(id, dirty ? invalid : null);
  }, [id, dirty, invalid]);
  useEffect(() => () => setUnsavedDraft(id, null), [id]);
}

/** While leaving would lose unsaved work, the browser asks before the page is left or reloaded. */
export function useWarnBeforeUnload(): void {
  const unsaved = useConfiguratorStore(hasUnsavedWork);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
