import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { unauthorized } from '../http/errors.ts';

export type PrincipalKind = 'author' | 'live';

/** Who made a request, as read from a verified access token. */
export interface Principal {
  kind: PrincipalKind;
  /** users.id for an author, participants.id for a live participant. */
  id: number;
  /** Issued by a password login that is still recent (needed for sensitive calls). */
  fresh: boolean;
  /** Author tokens: the account's token_generation when the token was issued (0 when absent). */
  generation?: number;
  /** The refresh-token family of the login that issued the token (absent in tokens from before). */
  family?: string;
  /** Set when the caller is a personal API key acting for the author (server/api-keys). */
  apiKeyId?: number;
  /**
   * The key's first call in the current minute (the rate limit's window): the audit log records that
   * call as the key's use, one entry per key and minute however many calls a script makes.
   */
  apiKeyFirstInMinute?: boolean;
}

export interface TokenSigner {
  sign(principal: Principal, authTime: number): Promise<string>;
  verify(token: string): Promise<Principal>;
}

const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  kind: PrincipalKind;
  id: number;
  authTime: number;
  freshClaim: boolean;
  generation: number;
  family: string | undefined;
  expMs: number;
}

export function createTokenSigner(
  secret: Uint8Array,
  options: { accessTtlSeconds: number; freshMinutes: number; now: () => number },
): TokenSigner {
  const { now } = options;
  // Checking an HS256 signature costs more than the rest of a chat turn, and a token's claims never
  // change: a verified token is remembered until it expires (bounded, oldest forgotten first).
  const verified = new Map<string, VerifiedToken>();
  const principalOf = (v: VerifiedToken): Principal => ({
    kind: v.kind,
    id: v.id,
    fresh: v.freshClaim && now() - v.authTime < options.freshMinutes * 60_000,
    generation: v.generation,
    family: v.family,
  });
  return {
    sign(principal, authTime) {
      return new SignJWT({
        knd: principal.kind,
        fresh: principal.fresh,
        at: authTime,
        gen: principal.generation ?? 0,
        fam: principal.family,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(principal.id))
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + options.accessTtlSeconds)
        .sign(secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && now() < known.expMs) return principalOf(known);
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const id = Number(payload.sub);
        const kind = payload.knd;
        if (!Number.isSafeInteger(id) || (kind !== 'author' && kind !== 'live')) {
          throw unauthorized('Ungültiges Token.');
        }
        const authTime = typeof payload.at === 'number' ? payload.at : 0;
        const entry: VerifiedToken = {
          kind,
          id,
          authTime,
          freshClaim: payload.fresh === true,
          generation: typeof payload.gen === 'number' ? payload.gen : 0,
          family: typeof payload.fam === 'string' ? payload.fam : undefined,
          expMs: (payload.exp ?? 0) * 1000,
        };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, entry);
        return principalOf(entry);
      } catch (err) {
        if (err instanceof errors.JWTExpired) {
          throw unauthorized(MESSAGES.tokenExpired, ERROR_TITLES.tokenExpired);
        }
        if (err instanceof Error && 'status' in err) throw err;
        throw unauthorized('Ungültiges Token.');
      }
    },
  };
}

/** Refresh tokens and link tokens are random; only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
