import { findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';

/** The username of an entry's actor ('' when unknown). */
export async function userName(ctx: Pick<AppContext, 'db'>, id: number | null): Promise<string> {
  if (id === null) return '';
  return (await findUserById(ctx.db, id))?.username ?? '';
}
