import type { AppContext } from '../context.ts';
import { ping } from '../db/ping.ts';

/**
 * GET /api/health: the server runs and its database answers. A database that cannot answer throws,
 * which the error handler turns into 503 server_busy.
 */
export async function healthStatus(ctx: Pick<AppContext, 'db' | 'dbKind'>) {
  await ping(ctx.db);
  return { status: 'ok' as const, database: ctx.dbKind };
}
