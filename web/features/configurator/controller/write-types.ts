import type { Block, BlockType } from '../../../../contract/blocks.ts';
import type { NewEntry, Operation, OperationResult } from '../model/history.ts';

/** What a write answered; before: the block as the server had it just before a delete. */
export type WriteResult = OperationResult & { before?: Block };

/** A write ready to send: run() makes the call and settles the store. */
export type Prepared = { run(): Promise<WriteResult> };

/** The history's operations plus the two that only the author starts. */
export type Write =
  | Operation
  | { op: 'create'; type: BlockType; order?: number; source_node_id?: string }
  | { op: 'copy'; block: Block };

/** What the history records of a write the server took; null: nothing. */
export type EntryFor = ((result: WriteResult) => NewEntry | null) | null;

/** Runs a write in turn and records it in the history when the server took it (record-change.ts). */
export type Change = (op: Write, entry: EntryFor) => Promise<WriteResult | null>;
