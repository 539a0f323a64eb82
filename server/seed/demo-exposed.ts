import { isIP } from 'node:net';
import { findUserByUsername } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { DEMO_USERNAME } from './demo.ts';

export const DEMO_EXPOSED_WARNING =
  'Das Demo-Konto (demo, Admin) existiert und der Server ist nicht nur lokal erreichbar (HOST): Passwort setzen (npm run cli -- user:password --username demo) oder das Konto deaktivieren (user:disable).';

/** Whether a host name or address reaches only this machine. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * The seeded demo account is an admin whose password was printed to a console (or came from
 * DEMO_PASSWORD): on a server others can reach it must not stay as it was seeded.
 */
export async function demoAccountExposed(ctx: Pick<AppContext, 'db'>, host: string): Promise<boolean> {
  if (isLoopback(host)) return false;
  const demo = await findUserByUsername(ctx.db, DEMO_USERNAME);
  return demo !== undefined && demo.disabled !== 1;
}
