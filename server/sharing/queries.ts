import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { deleteById, surveyValue, updateById } from '../db/queries.ts';
import type { Database, MembersTable } from '../db/schema.ts';

/** SQL of the sharing calls: the members rows of a dialog (SPEC §3 "Member"). */

type Db = Kysely<Database>;
export type MemberRow = Selectable<MembersTable>;

/**
 * Dialogs joined with the user's accepted members row (members.role null where she has none): with
 * roleOf (permissions.ts), the one rule of who holds which role on a dialog.
 */
export function surveysWithMembership(db: Db, userId: number) {
  return db
    .selectFrom('surveys')
    .leftJoin('members', (join) =>
      join
        .onRef('members.survey_id', '=', 'surveys.id')
        .on('members.user_id', '=', userId)
        .on('members.invite_accepted', '=', 1),
    );
}

/** A dialog by its public id with the user's accepted role on it (member_role null: none). */
export function findSurveyWithMembership(db: Db, userId: number, surveyId: string) {
  return surveysWithMembership(db, userId)
    .selectAll('surveys')
    .select('members.role as member_role')
    .where('surveys.survey_id', '=', surveyId)
    .executeTakeFirst();
}

/** The public id of a dialog by its internal id. */
export function publicSurveyId(db: Db, id: number): Promise<string | undefined> {
  return surveyValue(db, id, 'survey_id');
}

export async function insertMember(db: Db, member: Insertable<MembersTable>): Promise<void> {
  await db.insertInto('members').values(member).execute();
}

export async function updateMember(db: Db, id: number, patch: Updateable<MembersTable>): Promise<void> {
  await updateById(db, 'members', id, patch);
}

export async function deleteMember(db: Db, id: number): Promise<void> {
  await deleteById(db, 'members', id);
}

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

/** A dialog's members row by its name (stored normalized: normalizeEmail) or by its account. */
export function findMember(
  db: Db,
  surveyId: number,
  by: { name: string } | { user_id: number },
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .where((eb) => eb.and(by))
    .executeTakeFirst();
}

/** Members rows with their dialog's row. */
function membersWithSurvey(db: Db) {
  return db.selectFrom('members').innerJoin('surveys', 'surveys.id', 'members.survey_id');
}

/** The caller's pending members rows (invitations not yet accepted), with their dialogs. */
function pendingOf(db: Db, userId: number) {
  return membersWithSurvey(db).where('members.user_id', '=', userId).where('members.invite_accepted', '=', 0);
}

/** The members row an invitation link is for, with the dialog's public id. */
export function findInvitedMember(db: Db, surveyId: number, name: string) {
  return membersWithSurvey(db)
    .select(['members.id', 'members.user_id', 'surveys.survey_id'])
    .where('members.survey_id', '=', surveyId)
    .where('members.name', '=', name)
    .executeTakeFirst();
}

/** The invitation of an address to a dialog, accepted by the account made through its link. */
export async function acceptInvitationOfAddress(db: Db, surveyId: number, userId: number, email: string) {
  await db
    .updateTable('members')
    .set({ user_id: userId, invite_accepted: 1 })
    .where('survey_id', '=', surveyId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', email.toLowerCase()))
    .execute();
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
  return pendingOf(db, userId)
    .leftJoin('users as inviter', 'inviter.id', 'members.invited_by')
    .select([
      'surveys.survey_id',
      'surveys.survey_name',
      'members.role',
      'inviter.username as inviter_username',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .orderBy('members.created_at', 'desc')
    .orderBy('members.id', 'desc')
    .execute();
}

/** The caller's pending members row on a dialog, by the dialog's public id. */
export function findPendingInvitation(db: Db, userId: number, surveyId: string) {
  return pendingOf(db, userId)
    .selectAll('members')
    .select('surveys.survey_id as public_survey_id')
    .where('surveys.survey_id', '=', surveyId)
    .executeTakeFirst();
}

/** What an invitation link names: the dialog and who sent it (their name, else their username). */
export async function invitationContext(db: Db, surveyId: number, invitedBy: number | null) {
  const survey = await db
    .selectFrom('surveys')
    .select('survey_name')
    .where('id', '=', surveyId)
    .executeTakeFirst();
  const inviter =
    invitedBy === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'username'])
          .where('id', '=', invitedBy)
          .executeTakeFirst();
  return { survey, inviter };
}
