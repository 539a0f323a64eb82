import type { Kysely, Selectable } from 'kysely';
import type { Database, MembersTable } from '../db/schema.ts';

/** SQL of the sharing calls: the members rows of a dialog (SPEC §3 "Member"). */

type Db = Kysely<Database>;
export type MemberRow = Selectable<MembersTable>;

/** Members of a dialog with the names of their accounts (none yet for an unregistered invitee). */
export function listMembers(db: Db, surveyId: number) {
  return db
    .selectFrom('members')
    .leftJoin('users', 'users.id', 'members.user_id')
    .select([
      'members.name',
      'members.role',
      'members.invite_accepted',
      'members.user_id',
      'users.first_name',
      'users.last_name',
    ])
    .where('members.survey_id', '=', surveyId)
    .orderBy('members.created_at')
    .orderBy('members.id')
    .execute();
}

/** The member row by its name; names are stored normalized (normalizeEmail). */
export function findMember(db: Db, surveyId: number, name: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function findMemberOfUser(db: Db, surveyId: number, userId: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Binds invitations sent to an address before an account had it (user_id still null) to the account
 * that now owns the address, so they show on its dashboard and can be accepted there.
 */
export async function claimInvitations(db: Db, userId: number, normalizedEmail: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('name', '=', normalizedEmail)
    .execute();
}

/** The caller's pending invitations, newest first, with the dialog and who invited. */
export function listPendingInvitations(db: Db, userId: number) {
  return db
    .selectFrom('members')
    .innerJoin('surveys', 'surveys.id', 'members.survey_id')
    .leftJoin('users as inviter', 'inviter.id', 'members.invited_by')
    .select([
      'surveys.survey_id',
      'surveys.survey_name',
      'members.role',
      'inviter.username as inviter_username',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .where('members.user_id', '=', userId)
    .where('members.invite_accepted', '=', 0)
    .orderBy('members.created_at', 'desc')
    .orderBy('members.id', 'desc')
    .execute();
}

/** The caller's pending members row on a dialog, by the dialog's public id. */
export function findPendingInvitation(db: Db, userId: number, surveyId: string) {
  return db
    .selectFrom('members')
    .innerJoin('surveys', 'surveys.id', 'members.survey_id')
    .selectAll('members')
    .select('surveys.survey_id as public_survey_id')
    .where('surveys.survey_id', '=', surveyId)
    .where('members.user_id', '=', userId)
    .where('members.invite_accepted', '=', 0)
    .executeTakeFirst();
}
