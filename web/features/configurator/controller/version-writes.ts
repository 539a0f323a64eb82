import type { Operation } from '../model/history.ts';
import type { WriteContext } from './write-context.ts';
import type { Change, Prepared } from './write-types.ts';

/** A version copied into the working copy: every block may change, so the dialog is reloaded after it. */
export function prepareRestoreWrite(ctx: WriteContext, op: Extract<Operation, { op: 'restore' }>): Prepared {
  return ctx.sync.reloading(async () => {
    const res = await ctx.api.restoreVersion(ctx.sync.surveyId(), op.number);
    return { undo_version: res.undo_version };
  });
}

export function versionWriters(ctx: WriteContext, change: Change) {
  return {
    /** 'Wiederherstellen' (issue 21), recorded in the history so that undo brings the working copy back. */
    restoreVersion(number: number) {
      return change({ op: 'restore', number }, (result) =>
        result.undo_version === undefined
          ? null
          : {
              type: 'version',
              change: 'restore',
              restored: number,
              undo_version: result.undo_version,
              time: ctx.now(),
            },
      );
    },
  };
}
