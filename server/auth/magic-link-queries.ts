import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MagicLinksTable } from '../db/schema.ts';
import { markUsedOnce } from './refresh-token-queries.ts';

/** SQL of the single-use links mailed for invitations, registration, e-mail validation and resets. */

type Db = Kysely<Database>;
export type MagicLinkPurpose = MagicLinksTable['purpose'];
export type MagicLinkRow = Selectable<MagicLinksTable>;

export async function insertMagicLink(db: Db, link: Insertable<MagicLinksTable>): Promise<void> {
  await db.insertInto('magic_links').values(link).execute();
}

/** The link with this token hash if it is unused and has not expired. */
export function findUsableMagicLinkByHash(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('magic_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the link used; false if another request used it first. */
export function markMagicLinkUsed(db: Db, id: number, now: number): Promise<boolean> {
  return markUsedOnce(db, 'magic_links', id, now);
}

/**
 * Ends the unused links of a purpose for a user, or for an invitee of a dialog, so that only the newest
 * one works (a resent invitation, a repeated reset request) and none outlives its membership.
 */
export async function revokeMagicLinks(
  db: Db,
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
