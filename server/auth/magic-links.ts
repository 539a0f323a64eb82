import type { Kysely } from 'kysely';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import {
  findUsableMagicLinkByHash,
  insertMagicLink,
  type MagicLinkPurpose,
  type MagicLinkRow,
} from './magic-link-queries.ts';
import { hashOpaqueToken, newOpaqueToken } from './tokens.ts';

export const MAGIC_LINK_TTL_MS = 7 * 86_400_000;

/** The answer to a link that is unknown, used, expired or meant for something else (SPEC §8). */
export const invalidMagicLink = () => badRequest(MESSAGES.invalidMagicLink, ERROR_TITLES.invalidLink);

/** Creates a single-use, expiring link token; only its hash is stored. */
export async function createMagicLink(
  db: Kysely<Database>,
  link: {
    purpose: MagicLinkPurpose;
    email: string;
    userId?: number | null;
    surveyId?: number | null;
    role?: string | null;
    createdBy?: number | null;
    now: number;
    ttlMs?: number;
  },
): Promise<string> {
  const token = newOpaqueToken();
  await insertMagicLink(db, {
    token_hash: hashOpaqueToken(token),
    purpose: link.purpose,
    email: link.email,
    user_id: link.userId ?? null,
    survey_id: link.surveyId ?? null,
    role: link.role ?? null,
    created_by: link.createdBy ?? null,
    created_at: link.now,
    expires_at: link.now + (link.ttlMs ?? MAGIC_LINK_TTL_MS),
  });
  return token;
}

/** The link if it exists, is unused and has not expired. */
export function findUsableMagicLink(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<MagicLinkRow | undefined> {
  return findUsableMagicLinkByHash(db, hashOpaqueToken(token), now);
}
