import type { Kysely, Selectable } from 'kysely';
import type { Database, MagicLinksTable } from '../db/schema.ts';
import { hashOpaqueToken, newOpaqueToken } from './tokens.ts';

export type MagicLinkPurpose = MagicLinksTable['purpose'];
export type MagicLinkRow = Selectable<MagicLinksTable>;

export const MAGIC_LINK_TTL_MS = 7 * 86_400_000;

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
