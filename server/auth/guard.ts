import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import type { Principal } from './tokens.ts';

/**
 * TRANSITIONAL (removed when every route is served from the endpoint table): the old guards took the
 * request; the new ones take the token.
 */
type TokenSource = string | undefined | { headers: { authorization?: string } };
const tokenOf = (source: TokenSource) =>
  typeof source === 'object' ? bearerToken(source.headers.authorization) : source;

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
export async function authenticate(ctx: AppContext, source: TokenSource): Promise<Principal> {
  const token = tokenOf(source);
  if (!token || token === 'null' || token === 'undefined') throw unauthorized(MESSAGES.loggedOut);
  const principal = await ctx.signer.verify(token);
  if (principal.kind === 'author') await checkAuthorSession(ctx, principal);
  return principal;
}

/** One query: the account row and, through the family index, whether the token's login was ended. */
async function checkAuthorSession(ctx: AppContext, principal: Principal): Promise<void> {
  const { family } = principal;
  const user = await ctx.db
    .selectFrom('users')
    .select(['disabled', 'token_generation'])
    .$if(family !== undefined, (qb) =>
      qb.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .where('refresh_tokens.family_id', '=', family ?? '')
              .where('refresh_tokens.revoked_at', 'is not', null),
          )
          .as('logged_out'),
      ),
    )
    .where('id', '=', principal.id)
    .executeTakeFirst();
  if (!user || user.disabled) {
    throw new ApiError(401, ERROR_TITLES.accountDisabled, 'Dieses Konto ist deaktiviert.');
  }
  if ((principal.generation ?? 0) !== user.token_generation || user.logged_out) {
    throw unauthorized(MESSAGES.tokenExpired, ERROR_TITLES.tokenExpired);
  }
}

export async function requireAuthor(ctx: AppContext, source: TokenSource): Promise<Principal> {
  const principal = await authenticate(ctx, source);
  if (principal.kind !== 'author')
    throw forbidden('Dieser Aufruf ist nur für angemeldete Autorinnen und Autoren.');
  return principal;
}

export async function requireAdmin(ctx: AppContext, source: TokenSource): Promise<Principal> {
  const principal = await requireAuthor(ctx, source);
  const user = await ctx.db
    .selectFrom('users')
    .select('is_admin')
    .where('id', '=', principal.id)
    .executeTakeFirst();
  if (!user?.is_admin) throw forbidden('Nur für Administratoren.');
  return principal;
}

/** Calls that must carry a fresh token (password login within FRESH_TOKEN_MINUTES), e.g. the excel export. */
export async function requireFreshAuthor(ctx: AppContext, source: TokenSource): Promise<Principal> {
  const principal = await requireAuthor(ctx, source);
  if (!principal.fresh)
    throw unauthorized('Bitte erneut anmelden, um fortzufahren.', ERROR_TITLES.freshTokenRequired);
  return principal;
}
