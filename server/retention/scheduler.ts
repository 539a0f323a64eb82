import type { AppContext } from '../context.ts';
import { runRetention } from './job.ts';

export interface RetentionLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs the retention job every `intervalMs` (RETENTION_INTERVAL_MINUTES; 0: never) in every process;
 * the lease lets one of them do it. The timer does not keep the process alive.
 */
export function startRetention(ctx: Pick<AppContext, 'db' | 'now'>, intervalMs: number, log: RetentionLog) {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runRetention(ctx)
      .then((run) => {
        if (run && run.sessions > 0) log.info(run, 'retention: old sessions deleted');
      })
      .catch((err: unknown) => log.error({ err }, 'retention run failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
