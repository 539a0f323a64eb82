import type { JumpRef } from '../../../../contract/block-updates.ts';
import type { Block } from '../../../../contract/blocks.ts';
import type { Connection, Settings } from '../../../../contract/dialogs.ts';

/**
 * The configurator's change history (SPEC §2 panel, SPEC §3 entry, SPEC §4 semantics), as pure data.
 * Undo: an update goes back to the old value, a create is deleted, a delete is recreated (same id,
 * same place, with the jumps the delete repaired), an order swap is swapped back. Redo replays the
 * change. A new change after an undo discards the entries that could have been redone.
 * GPT exit conditions (SPEC §7) are recorded too: undoing a created one deletes it, undoing a deleted
 * one creates it again, which gives it a new id; every entry that names the old id follows it.
 */

/** Pseudo field of a block update that was an edge drawn or removed in the graph. */
export const CONNECTIONS_KEY = 'connections';

interface Timed {
  id: number;
  /** Epoch ms of the change. */
  time: number;
}

export type QuestionEntry = Timed & { type: 'question'; unique_question_id: string } & (
    | { change: 'update'; key: string; old_value: unknown; new_value: unknown }
    /** A new block (create) or a copy (recreate); block is the snapshot taken when it was undone. */
    | { change: 'create' | 'recreate'; block: Block | null }
    | { change: 'delete'; block: Block; restore_jumps: JumpRef[] }
    | { change: 'order'; old_value: number; new_value: number }
  );
export type SettingsEntry = Timed & {
  type: 'settings';
  change: 'update';
  key: keyof Settings;
  old_value: unknown;
  new_value: unknown;
};
export type FixmessagesEntry = Timed & {
  type: 'fixmessages';
  change: 'update';
  key: 'welcome' | 'ending';
  old_value: string;
  new_value: string;
};
/** A GPT block's exit condition; create and delete keep the text to bring it back with. */
export type ConditionEntry = Timed & {
  type: 'gpt_condition';
  unique_question_id: string;
  condition_id: number;
} & (
    | { change: 'create' | 'delete'; condition: string }
    | { change: 'update'; old_value: string; new_value: string }
  );
/**
 * A version copied into the working copy ('Wiederherstellen', issue 21). undo_version holds the working
 * copy as it was before: undo restores that one, redo restores the same version again.
 */
export type VersionEntry = Timed & {
  type: 'version';
  change: 'restore';
  restored: number;
  undo_version: number;
};
export type HistoryEntry = QuestionEntry | SettingsEntry | FixmessagesEntry | ConditionEntry | VersionEntry;
/** An entry as recorded; the history gives it its id. */
export type NewEntry = HistoryEntry extends infer E
  ? E extends HistoryEntry
    ? Omit<E, 'id'>
    : never
  : never;

/** One server call that undo or redo makes. */
export type Operation =
  | { op: 'update'; unique_question_id: string; key: string; value: unknown }
  | { op: 'is_end'; unique_question_id: string; value: 0 | 1 }
  | { op: 'delete'; unique_question_id: string }
  | { op: 'recreate'; block: Block; restore_jumps: JumpRef[] }
  | { op: 'order'; unique_question_id: string; order: number }
  | { op: 'settings'; key: keyof Settings; value: unknown }
  | { op: 'fixmessages'; key: 'welcome' | 'ending'; value: string }
  | { op: 'structure'; connections: Connection[] }
  | { op: 'condition_create'; unique_question_id: string; condition: string }
  | { op: 'condition_update'; condition_id: number; condition: string }
  | { op: 'condition_delete'; condition_id: number }
  | { op: 'restore'; number: number };

/** What the server answered to an operation, as far as the history needs it. */
export interface OperationResult {
  unique_question_id?: string;
  repaired_jumps?: JumpRef[];
  /** The id the server gave a (re)created exit condition. */
  condition_id?: number;
  /** The version holding the working copy as it was before a restore. */
  undo_version?: number;
}

export interface HistoryState {
  entries: HistoryEntry[];
  /** entries[0, cursor) are done (undoable); entries[cursor, end) were undone (redoable). */
  cursor: number;
  nextId: number;
}

export const emptyHistory = (): HistoryState => ({ entries: [], cursor: 0, nextId: 1 });

export const canUndo = (h: HistoryState) => h.cursor > 0;
export const canRedo = (h: HistoryState) => h.cursor < h.entries.length;

export function record(h: HistoryState, entry: NewEntry): HistoryState {
  return {
    entries: [...h.entries.slice(0, h.cursor), { ...entry, id: h.nextId } as HistoryEntry],
    cursor: h.cursor + 1,
    nextId: h.nextId + 1,
  };
}

export type TitleKey =
  | 'created'
  | 'deleted'
  | 'updated'
  | 'moved'
  | 'settings'
  | 'fixmessages'
  | 'conditionCreated'
  | 'conditionUpdated'
  | 'conditionDeleted'
  | 'restored';

const CONDITION_TITLES = {
  create: 'conditionCreated',
  update: 'conditionUpdated',
  delete: 'conditionDeleted',
} as const satisfies Record<ConditionEntry['change'], TitleKey>;

/** The panel title (SPEC §2): 'Neue Frage erstellt', 'Frage gelöscht', … */
export function titleKey(entry: HistoryEntry): TitleKey {
  if (entry.type === 'settings') return 'settings';
  if (entry.type === 'fixmessages') return 'fixmessages';
  if (entry.type === 'gpt_condition') return CONDITION_TITLES[entry.change];
  if (entry.type === 'version') return 'restored';
  switch (entry.change) {
    case 'create':
    case 'recreate':
      return 'created';
    case 'delete':
      return 'deleted';
    case 'order':
      return 'moved';
    case 'update':
      return 'updated';
  }
}

/** The operations that undo (back) or replay (forth) a condition entry. */
function conditionOperation(entry: ConditionEntry, direction: 'back' | 'forth'): Operation {
  const { unique_question_id, condition_id } = entry;
  switch (entry.change) {
    case 'update':
      return {
        op: 'condition_update',
        condition_id,
        condition: direction === 'back' ? entry.old_value : entry.new_value,
      };
    case 'create':
    case 'delete':
      return (entry.change === 'create') === (direction === 'back')
        ? { op: 'condition_delete', condition_id }
        : { op: 'condition_create', unique_question_id, condition: entry.condition };
  }
}

function setValue(entry: Exclude<HistoryEntry, ConditionEntry | VersionEntry>, value: unknown): Operation {
  if (entry.type === 'settings') return { op: 'settings', key: entry.key, value };
  if (entry.type === 'fixmessages') return { op: 'fixmessages', key: entry.key, value: value as string };
  if (entry.change !== 'update') throw new Error(`no value to set for ${entry.change}`);
  if (entry.key === CONNECTIONS_KEY) return { op: 'structure', connections: value as Connection[] };
  if (entry.key === 'is_end') {
    return { op: 'is_end', unique_question_id: entry.unique_question_id, value: value === 1 ? 1 : 0 };
  }
  return { op: 'update', unique_question_id: entry.unique_question_id, key: entry.key, value };
}

export interface Step {
  entry: HistoryEntry;
  operation: Operation;
}

/**
 * The operation that undoes the newest done entry. lookup gives a block as the screen shows it now:
 * undoing a create keeps a snapshot, so redo can bring the very same block back.
 */
export function planUndo(h: HistoryState, lookup: (id: string) => Block | undefined): Step | null {
  const entry = h.entries[h.cursor - 1];
  if (!entry) return null;
  if (entry.type === 'gpt_condition') return { entry, operation: conditionOperation(entry, 'back') };
  if (entry.type === 'version') return { entry, operation: { op: 'restore', number: entry.undo_version } };
  if (entry.type !== 'question' || entry.change === 'update') {
    return { entry, operation: setValue(entry, entry.old_value) };
  }
  switch (entry.change) {
    case 'create':
    case 'recreate': {
      const snapshot = lookup(entry.unique_question_id) ?? entry.block;
      return {
        entry: { ...entry, block: snapshot },
        operation: { op: 'delete', unique_question_id: entry.unique_question_id },
      };
    }
    case 'delete':
      return { entry, operation: { op: 'recreate', block: entry.block, restore_jumps: entry.restore_jumps } };
    case 'order':
      return {
        entry,
        operation: { op: 'order', unique_question_id: entry.unique_question_id, order: entry.old_value },
      };
  }
}

/** The operation that replays the oldest undone entry. */
export function planRedo(h: HistoryState): Step | null {
  const entry = h.entries[h.cursor];
  if (!entry) return null;
  if (entry.type === 'gpt_condition') return { entry, operation: conditionOperation(entry, 'forth') };
  if (entry.type === 'version') return { entry, operation: { op: 'restore', number: entry.restored } };
  if (entry.type !== 'question' || entry.change === 'update') {
    return { entry, operation: setValue(entry, entry.new_value) };
  }
  switch (entry.change) {
    case 'create':
    case 'recreate':
      if (!entry.block) return null;
      return { entry, operation: { op: 'recreate', block: entry.block, restore_jumps: [] } };
    case 'delete':
      return { entry, operation: { op: 'delete', unique_question_id: entry.unique_question_id } };
    case 'order':
      return {
        entry,
        operation: { op: 'order', unique_question_id: entry.unique_question_id, order: entry.new_value },
      };
  }
}

/** Keeps an entry true to the server after its operation: ids of recreated blocks, repaired jumps. */
function settle(entry: HistoryEntry, result: OperationResult): HistoryEntry {
  // Restored again: the working copy before it may now be held by another version.
  if (entry.type === 'version') return { ...entry, undo_version: result.undo_version ?? entry.undo_version };
  if (entry.type !== 'question') return entry;
  const id = result.unique_question_id ?? entry.unique_question_id;
  if (entry.change === 'delete') {
    return {
      ...entry,
      unique_question_id: id,
      block: { ...entry.block, unique_question_id: id },
      restore_jumps: result.repaired_jumps ?? entry.restore_jumps,
    };
  }
  if (entry.change === 'create' || entry.change === 'recreate') {
    return {
      ...entry,
      unique_question_id: id,
      block: entry.block && { ...entry.block, unique_question_id: id },
    };
  }
  return entry;
}

/**
 * A condition created again has a new id: every entry that names the old one now names the new one, so
 * undoing or redoing an older or newer entry reaches the condition that exists.
 */
function followCondition(entries: HistoryEntry[], step: Step, result: OperationResult): HistoryEntry[] {
  const { entry } = step;
  const to = result.condition_id;
  if (entry.type !== 'gpt_condition' || to === undefined || to === entry.condition_id) return entries;
  return entries.map((e) =>
    e.type === 'gpt_condition' && e.condition_id === entry.condition_id ? { ...e, condition_id: to } : e,
  );
}

/** After a successful undo of step: the entry becomes redoable (a recreated block may have a new id). */
export function completeUndo(h: HistoryState, step: Step, result: OperationResult = {}): HistoryState {
  const entries = h.entries.slice();
  entries[h.cursor - 1] = settle(step.entry, { unique_question_id: result.unique_question_id });
  return { ...h, entries: followCondition(entries, step, result), cursor: h.cursor - 1 };
}

/** After a successful redo of step: the entry is done again. */
export function completeRedo(h: HistoryState, step: Step, result: OperationResult = {}): HistoryState {
  const entries = h.entries.slice();
  entries[h.cursor] = settle(step.entry, result);
  return { ...h, entries: followCondition(entries, step, result), cursor: h.cursor + 1 };
}
