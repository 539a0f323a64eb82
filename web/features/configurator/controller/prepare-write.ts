import { prepareBlockWrite } from './block-writes.ts';
import { prepareConditionWrite } from './condition-writes.ts';
import { prepareStructureWrite } from './graph-writes.ts';
import { prepareSettingsWrite } from './settings-writes.ts';
import { prepareRestoreWrite } from './version-writes.ts';
import type { WriteContext } from './write-context.ts';
import type { Prepared, Write } from './write-types.ts';

/** Writes SPEC §4 shows before the server answers; the others wait for it and reload. */
export const OPTIMISTIC: ReadonlySet<Write['op']> = new Set([
  'update',
  'is_end',
  'order',
  'settings',
  'fixmessages',
  'condition_create',
  'condition_update',
  'condition_delete',
]);

/** Prepares one write by its topic; optimistic ones show at once. */
export function prepareWrite(ctx: WriteContext, op: Write): Prepared {
  switch (op.op) {
    case 'settings':
    case 'fixmessages':
      return prepareSettingsWrite(ctx, op);
    case 'condition_create':
    case 'condition_update':
    case 'condition_delete':
      return prepareConditionWrite(ctx, op);
    case 'structure':
      return prepareStructureWrite(ctx, op);
    case 'restore':
      return prepareRestoreWrite(ctx, op);
    default:
      return prepareBlockWrite(ctx, op);
  }
}
