import type { ConfiguratorApi } from '../api.ts';
import type { DialogSync } from './dialog-sync.ts';
import type { Notices } from './notices.ts';
import type { WriteQueue } from './write-queue.ts';

/** What every writer of the controller shares. */
export interface WriteContext {
  api: ConfiguratorApi;
  now(): number;
  queue: WriteQueue;
  sync: DialogSync;
  notices: Notices;
}

/** The head of a history entry about a block. */
export const questionEntry = (ctx: WriteContext, unique_question_id: string) => ({
  type: 'question' as const,
  unique_question_id,
  time: ctx.now(),
});
