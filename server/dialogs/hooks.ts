import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What areas above dialogs do inside a dialog's write transaction. Dialogs cannot import them (they read
 * dialogs), so app.ts hands these in as AppContext.dialogHooks.
 */
export interface DialogHooks {
  /**
   * A free-text block's branches (its option labels) were renamed, [old, new] pairs: training renames
   * its examples, inbox suggestions and model. `db` is the block update's transaction.
   */
  branchesRenamed(
    db: Kysely<Database>,
    surveyId: number,
    uniqueQuestionId: string,
    renames: readonly [string, string][],
    now: number,
  ): Promise<void>;
}
