import { randomBytes } from 'node:crypto';
import { insertUser } from '../accounts/queries.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';

export interface DemoAccount {
  username: string;
  password: string;
}

/** On an empty database: a demo author with a random password, returned so it can be printed once. */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'now'>): Promise<DemoAccount | undefined> {
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return undefined;
  const account = { username: 'demo', password: randomBytes(12).toString('base64url') };
  await insertUser(ctx.db, {
    username: account.username,
    email: 'demo@dialogwerk.local',
    emailVerified: true,
    firstName: 'Demo',
    lastName: 'Autorin',
    passwordHash: await hashPassword(account.password),
    isAdmin: true,
    now: ctx.now(),
  });
  return account;
}
