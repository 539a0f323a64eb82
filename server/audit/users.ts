import { findUserByEmail, findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';

/** The username of an entry's actor ('' when unknown). */
export async function userName(ctx: Pick<AppContext, 'db'>, id: number | null): Promise<string> {
  if (id === null) return '';
  return (await findUserById(ctx.db, id))?.username ?? '';
}

/**
 * The account a call without a signed-in caller acted for, read from its answer: a sign-in names its
 * user_id, an e-mail confirmation the address it has just made the account's own (addresses are unique).
 */
export async function answerActorId(
  ctx: Pick<AppContext, 'db'>,
  answer: Record<string, unknown>,
): Promise<number | null> {
  if (typeof answer.user_id === 'number') return answer.user_id;
  if (typeof answer.email !== 'string') return null;
  return (await findUserByEmail(ctx.db, answer.email))?.id ?? null;
}
