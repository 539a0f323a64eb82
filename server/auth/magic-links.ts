import type { Kysely, Selectable } from 'kysely';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { Database, MagicLinksTable } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { hashOpaqueToken, newOpaqueToken } from './tokens.ts';

export type MagicLinkPurpose = MagicLinksTable['purpose'];
export type MagicLinkRow = Selectable<MagicLinksTable>;

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
  await db
    .insertInto('magic_links')
    .values({
      token_hash: hashOpaqueToken(token),
      purpose: link.purpose,
      email: link.email,
      user_id: link.userId ?? null,
      survey_id: link.surveyId ?? null,
      role: link.role ?? null,
      created_by: link.createdBy ?? null,
      created_at: link.now,
      expires_at: link.now + (link.ttlMs ?? MAGIC_LINK_TTL_MS),
    })
    .execute();
  return token;
}

/** The link if it exists, is unused and has not expired. */
export function findUsableMagicLink(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<MagicLinkRow | undefined> {
  return db
    .selectFrom('magic_links')
    .selectAll()
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the link used; false if another request used it first. */
export async function markMagicLinkUsed(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('magic_links')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Ends the unused links of a purpose for a user, or for an invitee of a dialog, so that only the newest
 * one works (a resent invitation, a repeated reset request) and none outlives its membership.
 */
export async function revokeMagicLinks(
  db: Kysely<Database>,
  filter:
    | { purpose: MagicLinkPurpose; userId: number }
    | { purpose: MagicLinkPurpose; surveyId: number; email: string },
  now: number,
): Promise<void> {
  const query = db
    .updateTable('magic_links')
    .set({ used_at: now })
    .where('purpose', '=', filter.purpose)
    .where('used_at', 'is', null);
  await ('userId' in filter
    ? query.where('user_id', '=', filter.userId)
    : query.where('survey_id', '=', filter.surveyId).where('email', '=', filter.email)
  ).execute();
}
