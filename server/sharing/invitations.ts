import { ERROR_TITLES } from '../../contract/errors.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import type { PendingInvitation } from '../../contract/sharing.ts';
import { type MagicLinkRow, markMagicLinkUsed, revokeMagicLinks } from '../auth/magic-link-queries.ts';
import { findUsableMagicLink, invalidMagicLink } from '../auth/magic-links.ts';
import { displayName, normalizeEmail } from '../auth/users.ts';
import { findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseMemberRole } from './permissions.ts';
import {
  acceptInvitationOfAddress,
  claimInvitations,
  findInvitedMember,
  findPendingInvitation,
  listPendingInvitations,
  publicSurveyId,
  updateMember,
} from './queries.ts';
import { removeMember } from './service.ts';

/**
 * The invitee's side of an invitation to an existing account: accept or decline it on the dashboard, or
 * accept it through the link of the mail after signing in.
 */

export const INVITATION_ERRORS = {
  noPendingInvitation: 'Für diesen Dialog gibt es keine offene Einladung.',
  otherAccount:
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Bitte mit dem eingeladenen Konto anmelden.',
} as const;

/**
 * POST /api/get_pending_invitations. Accounts made outside an invitation link (CLI, admin) may own an
 * address that was invited before they existed: those invitations are bound to the account first.
 */
export async function pendingInvitations(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
): Promise<{ invitations: PendingInvitation[] }> {
  const user = await findUserById(ctx.db, userId);
  if (user?.email && user.email_verified) await claimInvitations(ctx.db, userId, normalizeEmail(user.email));
  const invitations: PendingInvitation[] = [];
  for (const row of await listPendingInvitations(ctx.db, userId)) {
    const role = parseMemberRole(row.role);
    if (!role) continue;
    invitations.push({
      survey_id: row.survey_id,
      survey_name: row.survey_name,
      role,
      role_label: ROLE_LABELS[role],
      invited_by_name:
        row.inviter_username === null
          ? ''
          : displayName({
              username: row.inviter_username,
              first_name: row.inviter_first_name ?? '',
              last_name: row.inviter_last_name ?? '',
            }),
    });
  }
  return { invitations };
}

async function pendingOrFail(ctx: Pick<AppContext, 'db'>, userId: number, surveyId: string) {
  const row = await findPendingInvitation(ctx.db, userId, surveyId);
  if (!row) throw notFound(INVITATION_ERRORS.noPendingInvitation);
  return row;
}

/** POST /api/accept_invitation: the caller becomes a member; the mailed link stops working. */
export async function acceptInvitation(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: number,
  surveyId: string,
) {
  const row = await pendingOrFail(ctx, userId, surveyId);
  await ctx.db.transaction().execute(async (trx) => {
    await updateMember(trx, row.id, { invite_accepted: 1 });
    await revokeMagicLinks(
      trx,
      { purpose: 'invitation', surveyId: row.survey_id, email: row.name },
      ctx.now(),
    );
  });
  return { success: true, msg: 'success', survey_id: row.public_survey_id };
}

/** POST /api/decline_invitation: the invitation is gone, for the caller and from the dialog's list. */
export async function declineInvitation(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: number,
  surveyId: string,
) {
  const row = await pendingOrFail(ctx, userId, surveyId);
  await removeMember(ctx, row);
  return { success: true, msg: 'success', survey_id: row.public_survey_id };
}

/**
 * POST /api/accept_invitation_link: the mail's link, opened by a signed-in account. It must be the
 * invited account, or one whose e-mail is the invited address; the link is used up.
 */
export async function acceptInvitationLink(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: number,
  token: string,
) {
  const now = ctx.now();
  const link = await findUsableMagicLink(ctx.db, token, now);
  if (link?.purpose !== 'invitation' || link.survey_id === null) throw invalidMagicLink();
  const user = await findUserById(ctx.db, userId);
  const sameAddress = user?.email ? normalizeEmail(user.email) === normalizeEmail(link.email) : false;
  if (link.user_id !== userId && !sameAddress) {
    throw badRequest(INVITATION_ERRORS.otherAccount, ERROR_TITLES.invalidLink);
  }
  const surveyId = link.survey_id;
  const publicId = await ctx.db.transaction().execute(async (trx) => {
    const member = await findInvitedMember(trx, surveyId, normalizeEmail(link.email));
    // Withdrawn, or already taken by another account: the link has nothing left to accept.
    if (!member || (member.user_id !== null && member.user_id !== userId)) return undefined;
    if (!(await markMagicLinkUsed(trx, link.id, now))) return undefined;
    await updateMember(trx, member.id, { user_id: userId, invite_accepted: 1 });
    return member.survey_id;
  });
  if (publicId === undefined) throw invalidMagicLink();
  return { success: true, msg: 'success', survey_id: publicId };
}

/**
 * An account just made through a link (in its transaction): invitations other dialogs sent to the same
 * address show on its dashboard, and the link's own invitation is accepted. Returns the public id of the
 * link's dialog, if it has one.
 */
export async function joinInvitedDialogs(
  db: AppContext['db'],
  userId: number,
  link: Pick<MagicLinkRow, 'email' | 'survey_id'>,
): Promise<string | null> {
  await claimInvitations(db, userId, normalizeEmail(link.email));
  if (link.survey_id === null) return null;
  await acceptInvitationOfAddress(db, link.survey_id, userId, link.email);
  return (await publicSurveyId(db, link.survey_id)) ?? null;
}
