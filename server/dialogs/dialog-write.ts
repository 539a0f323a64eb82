import type { Block, BlockContent } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import type { SurveyRow } from '../sharing/permissions.ts';
import type { DialogHooks } from './hooks.ts';
import { bumpDialogVersion, updateBlock } from './queries.ts';
import { type BlockRow, blockFromRow, columnsFromContent } from './rows.ts';

/** One write to a dialog, inside its transaction; survey is the row as locked and bumped. */
export interface Write {
  db: AppContext['db'];
  survey: SurveyRow;
  now: number;
  hooks: DialogHooks;
}

/**
 * The app's context carries the hooks; the seeds build a dialog from scratch with a smaller context, and
 * a new dialog has no training that could follow a rename.
 */
export type WriteCtx = Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'dialogHooks'>>;

const NO_HOOKS: DialogHooks = { branchesRenamed: async () => {} };

/** Runs fn in a transaction that first bumps (and on PostgreSQL locks) the dialog. */
export function writeDialog<T>(ctx: WriteCtx, surveyId: number, fn: (w: Write) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (db) => {
    const now = ctx.now();
    const survey = await bumpDialogVersion(db, surveyId, now);
    return fn({ db, survey, now, hooks: ctx.dialogHooks ?? NO_HOOKS });
  });
}

/** Writes a block's content; layout (position) changes leave the block version alone. */
export function writeContent(w: Write, row: BlockRow, content: BlockContent, bumpVersion = true) {
  return updateBlock(w.db, row.id, {
    ...columnsFromContent(content),
    version: bumpVersion ? row.version + 1 : row.version,
    updated_at: w.now,
  });
}

/** Keeps the last written state of each block. */
export function uniqueBlocks(rows: readonly BlockRow[], surveyId: string): Block[] {
  const byId = new Map(rows.map((r) => [r.unique_question_id, r]));
  return [...byId.values()].map((r) => blockFromRow(r, surveyId));
}
