import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToChats } from 'node:timers/promises';
import { recordAudit } from '../audit/service.ts';
import type { AppContext } from '../context.ts';
import { releaseLease, takeLease } from './lease-queries.ts';
import { deleteOldSessions, dialogsWithRetention } from './queries.ts';

const DAY_MS = 86_400_000;
const LEASE = 'retention';
/** Longer than a run takes; a process that dies holding it blocks the job at most this long. */
const LEASE_MS = 10 * 60_000;
/** Sessions per delete: each batch is a short statement of its own, so chats wait for none of them long. */
export const RETENTION_BATCH = 200;

/** This process's name in the lease rows. */
const PROCESS_HOLDER = `${process.pid}-${randomUUID()}`;

export interface RetentionRun {
  dialogs: number;
  sessions: number;
}

/**
 * Deletes the sessions (with their messages and answers) of each dialog with 'Antworten löschen nach N
 * Tagen' whose last activity is older than N days. Null when another process holds the job's lease.
 * Each dialog with deletions gets an audit entry.
 */
export async function runRetention(
  ctx: Pick<AppContext, 'db' | 'now'>,
  options: { batch?: number; holder?: string } = {},
): Promise<RetentionRun | null> {
  const holder = options.holder ?? PROCESS_HOLDER;
  const batch = options.batch ?? RETENTION_BATCH;
  if (!(await takeLease(ctx.db, LEASE, holder, ctx.now(), LEASE_MS))) return null;
  const run: RetentionRun = { dialogs: 0, sessions: 0 };
  try {
    for (const dialog of await dialogsWithRetention(ctx.db)) {
      const days = dialog.retention_days ?? 0;
      const before = ctx.now() - days * DAY_MS;
      let deleted = 0;
      for (let n = batch; n === batch; ) {
        n = await deleteOldSessions(ctx.db, dialog.id, before, batch);
        deleted += n;
        await yieldToChats();
      }
      // Renewed per dialog: a long run keeps its lease.
      await takeLease(ctx.db, LEASE, holder, ctx.now(), LEASE_MS);
      if (deleted === 0) continue;
      run.dialogs += 1;
      run.sessions += deleted;
      await recordAudit(
        ctx,
        {
          action: 'retention_run',
          actorId: null,
          actorName: '',
          address: '',
          details: { days, sessions: deleted },
        },
        { id: dialog.id, ownerId: dialog.owner_id, publicId: dialog.survey_id },
      );
    }
  } finally {
    await releaseLease(ctx.db, LEASE, holder);
  }
  return run;
}
