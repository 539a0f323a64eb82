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
}

export interface TokenSigner {
  sign(principal: Principal, authTime: number): Promise<string>;
  verify(token: string): Promise<Principal>;
}

export function createTokenSigner(
  secret: Uint8Array,
  options: { accessTtlSeconds: number; freshMinutes: number; now: () => number },
): TokenSigner {
  const { now } = options;
  return {
    sign(principal, authTime) {
      return new SignJWT({ knd: principal.kind, fresh: principal.fresh, at: authTime })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(principal.id))
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + options.accessTtlSeconds)
        .sign(secret);
    },
    async verify(token) {
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
        const fresh = payload.fresh === true && now() - authTime < options.freshMinutes * 60_000;
        return { kind, id, fresh };
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
