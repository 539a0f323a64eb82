import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import type { Principal } from './tokens.ts';
import { findAuthorSession, isAdmin } from './users-queries.ts';

/** The token of an Authorization header 'Bearer …'. */
export function bearerToken(header: string | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Reads and checks the caller's access token. An author whose account is disabled (or deleted) gets a
 * 401 with title account_disabled, which the client never retries (SPEC §6). A token issued before the
 * account's sessions were all ended (logout everywhere, password change) has expired, and so has one
 * whose login was logged out (its refresh-token family revoked): the client's refresh then fails too
 * and it logs out.
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token || token === 'null' || token === 'undefined') throw unauthorized(MESSAGES.loggedOut);
  const principal = await ctx.signer.verify(token);
  if (principal.kind === 'author') await checkAuthorSession(ctx, principal);
  return principal;
}

/** The account must be enabled, the token of its current generation, and its login not logged out. */
async function checkAuthorSession(ctx: AppContext, principal: Principal): Promise<void> {
  const user = await findAuthorSession(ctx.db, principal.id, principal.family);
  if (!user || user.disabled) {
    throw new ApiError(401, ERROR_TITLES.accountDisabled, 'Dieses Konto ist deaktiviert.');
  }
  if ((principal.generation ?? 0) !== user.token_generation || user.logged_out) {
    throw unauthorized(MESSAGES.tokenExpired, ERROR_TITLES.tokenExpired);
  }
}

export async function requireAuthor(ctx: AppContext, token: string | undefined): Promise<Principal> {
  const principal = await authenticate(ctx, token);
  if (principal.kind !== 'author')
    throw forbidden('Dieser Aufruf ist nur für angemeldete Autorinnen und Autoren.');
  return principal;
}

export async function requireAdmin(ctx: AppContext, token: string | undefined): Promise<Principal> {
  const principal = await requireAuthor(ctx, token);
  if (!(await isAdmin(ctx.db, principal.id))) throw forbidden('Nur für Administratoren.');
  return principal;
}

/** Calls that must carry a fresh token (password login within FRESH_TOKEN_MINUTES), e.g. the excel export. */
export async function requireFreshAuthor(ctx: AppContext, token: string | undefined): Promise<Principal> {
  const principal = await requireAuthor(ctx, token);
  if (!principal.fresh)
    throw unauthorized('Bitte erneut anmelden, um fortzufahren.', ERROR_TITLES.freshTokenRequired);
  return principal;
}
