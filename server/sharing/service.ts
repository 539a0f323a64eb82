import { type AssignableRole, ROLE_LABELS, roleAllows } from '../../contract/roles.ts';
import type { DialogPermissionsResponse, Member } from '../../contract/sharing.ts';
import { revokeMagicLinks } from '../auth/magic-link-queries.ts';
import { createMagicLink, MAGIC_LINK_TTL_MS } from '../auth/magic-links.ts';
import { displayName, normalizeEmail, type UserRow, userLanguage } from '../auth/users.ts';
import { findUserByEmail, findUserById } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { mailFailed, sendInvitationMail } from '../mail/service.ts';
import type { MailLog } from '../mail/transport.ts';
import { type DialogAccess, parseMemberRole } from './permissions.ts';
import {
  deleteMember,
  findMember,
  insertMember,
  listMembers,
  type MemberRow,
  updateMember,
} from './queries.ts';

/**
 * The sharing calls of SPEC §7 on a dialog the caller may see (get_dialog_permissions) or share (the
 * others; the route's guard has checked the 'share' capability). Members are identified by name, the
 * invitee's e-mail, stored normalized.
 */

export const SHARING_ERRORS = {
  alreadyMember: 'Diese E-Mail-Adresse ist bereits Mitglied dieses Dialogs oder eingeladen.',
  isOwner: 'Diese E-Mail-Adresse gehört dem Besitzer des Dialogs.',
  memberNotFound: 'Dieses Mitglied gibt es in diesem Dialog nicht.',
  ownerLocked: 'Die Rolle des Besitzers kann nicht geändert oder entfernt werden.',
  selfLocked: 'Die eigene Rolle kann nicht geändert oder entfernt werden.',
  alreadyAccepted: 'Die Einladung wurde bereits angenommen; erneut senden ist nicht nötig.',
  inviteMailFailed:
    'Die Einladung ist gespeichert, aber die E-Mail konnte nicht gesendet werden. Bitte später mit „Einladung erneut senden“ wiederholen.',
} as const;

const ok = { success: true, msg: 'success' } as const;

/** The owner's entry shows their e-mail, or their username when the account has none. */
const ownerName = (owner: UserRow | undefined) => owner?.email ?? owner?.username ?? '';

/** POST /api/get_dialog_permissions: the owner first, then the members in the order they were invited. */
export async function dialogPermissions(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
): Promise<DialogPermissionsResponse> {
  const owner = await findUserById(ctx.db, access.survey.owner_id);
  const list: Member[] = [
    {
      name: ownerName(owner),
      role: 'owner',
      role_label: ROLE_LABELS.owner,
      invite_accepted: 1,
      is_owner: true,
      is_current_user: access.survey.owner_id === access.userId,
      first_name: owner?.first_name ?? '',
      last_name: owner?.last_name ?? '',
    },
  ];
  for (const row of await listMembers(ctx.db, access.survey.id)) {
    const role = parseMemberRole(row.role);
    // A role this version does not know grants nothing (see permissions.ts), so it is not listed either.
    if (!role || row.user_id === access.survey.owner_id) continue;
    list.push({
      name: row.name,
      role,
      role_label: ROLE_LABELS[role],
      invite_accepted: row.invite_accepted === 1 ? 1 : 0,
      is_owner: false,
      is_current_user: row.user_id === access.userId,
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
    });
  }
  return { roles_current_survey_id: list, sharing_permission: roleAllows(access.role, 'share') ? 1 : 0 };
}

async function inviterName(ctx: Pick<AppContext, 'db'>, userId: number) {
  const inviter = await findUserById(ctx.db, userId);
  return inviter ? displayName(inviter) : '';
}

/** Creates the invitation link (after revoking older ones of this invitee) and mails it. */
async function mailInvitation(
  ctx: AppContext,
  log: MailLog,
  access: DialogAccess,
  invitee: { email: string; account: UserRow | undefined; role: AssignableRole },
) {
  const now = ctx.now();
  const token = await ctx.db.transaction().execute(async (trx) => {
    await revokeMagicLinks(
      trx,
      { purpose: 'invitation', surveyId: access.survey.id, email: invitee.email },
      now,
    );
    return createMagicLink(trx, {
      purpose: 'invitation',
      email: invitee.email,
      userId: invitee.account?.id ?? null,
      surveyId: access.survey.id,
      role: invitee.role,
      createdBy: access.userId,
      now,
    });
  });
  try {
    await sendInvitationMail(ctx, log, {
      to: invitee.email,
      language: userLanguage(invitee.account?.language),
      token,
      ttlMs: MAGIC_LINK_TTL_MS,
      inviterName: await inviterName(ctx, access.userId),
      surveyName: access.survey.survey_name,
      role: invitee.role,
      accountExists: invitee.account !== undefined,
    });
  } catch {
    // deliver() has logged the cause; the member row stays, so "resend" can try again.
    throw mailFailed(SHARING_ERRORS.inviteMailFailed);
  }
}

/**
 * POST /api/invite_user: a pending member (bound to the account when the address has one) and an
 * e-mail with a single-use link: to register (unknown address) or to accept (existing account).
 */
export async function inviteUser(
  ctx: AppContext,
  log: MailLog,
  access: DialogAccess,
  input: { name: string; new_role: AssignableRole },
) {
  const email = normalizeEmail(input.name);
  const owner = await findUserById(ctx.db, access.survey.owner_id);
  if (owner?.email && normalizeEmail(owner.email) === email) throw conflict(SHARING_ERRORS.isOwner);
  if (await findMember(ctx.db, access.survey.id, { name: email }))
    throw conflict(SHARING_ERRORS.alreadyMember);
  const account = await findUserByEmail(ctx.db, email);
  if (account) {
    if (account.id === access.survey.owner_id) throw conflict(SHARING_ERRORS.isOwner);
    if (await findMember(ctx.db, access.survey.id, { user_id: account.id })) {
      throw conflict(SHARING_ERRORS.alreadyMember);
    }
  }
  await insertMember(ctx.db, {
    survey_id: access.survey.id,
    name: email,
    user_id: account?.id ?? null,
    role: input.new_role,
    invite_accepted: 0,
    invited_by: access.userId,
    created_at: ctx.now(),
  });
  await mailInvitation(ctx, log, access, { email, account, role: input.new_role });
  return ok;
}

/**
 * The member a change or removal is about. The owner (listed first, not a members row) and the
 * caller's own entry are locked (SPEC §6); answered 400, since a 403 would sign the caller out (§8).
 */
async function changeableMember(ctx: Pick<AppContext, 'db'>, access: DialogAccess, name: string) {
  const key = normalizeEmail(name);
  const owner = await findUserById(ctx.db, access.survey.owner_id);
  if (key === normalizeEmail(ownerName(owner))) throw badRequest(SHARING_ERRORS.ownerLocked);
  const member = await findMember(ctx.db, access.survey.id, { name: key });
  if (!member) throw notFound(SHARING_ERRORS.memberNotFound);
  if (member.user_id === access.survey.owner_id) throw badRequest(SHARING_ERRORS.ownerLocked);
  if (member.user_id === access.userId) throw badRequest(SHARING_ERRORS.selfLocked);
  return member;
}

/** POST /api/change_permission_user: a member's (or pending invitee's) new role. */
export async function changePermission(
  ctx: Pick<AppContext, 'db'>,
  access: DialogAccess,
  input: { name: string; new_role: AssignableRole },
) {
  const member = await changeableMember(ctx, access, input.name);
  await updateMember(ctx.db, member.id, { role: input.new_role });
  return ok;
}

/** Deletes a members row and ends its invitation links. */
export async function removeMember(ctx: Pick<AppContext, 'db' | 'now'>, member: MemberRow) {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteMember(trx, member.id);
    await revokeMagicLinks(
      trx,
      { purpose: 'invitation', surveyId: member.survey_id, email: member.name },
      ctx.now(),
    );
  });
}

/** POST /api/delete_sharing_user: removes a member or withdraws an invitation (its link stops working). */
export async function deleteSharingUser(
  ctx: Pick<AppContext, 'db' | 'now'>,
  access: DialogAccess,
  input: { name: string },
) {
  await removeMember(ctx, await changeableMember(ctx, access, input.name));
  return ok;
}

/**
 * POST /api/resend_invite: a new link for a pending invitee (the old one stops working, the new one
 * holds 7 days) with the given role. An address that has meanwhile got an account gets the mail for
 * existing accounts.
 */
export async function resendInvite(
  ctx: AppContext,
  log: MailLog,
  access: DialogAccess,
  input: { name: string; new_role: AssignableRole },
) {
  const member = await changeableMember(ctx, access, input.name);
  if (member.invite_accepted === 1) throw conflict(SHARING_ERRORS.alreadyAccepted);
  const account =
    member.user_id !== null
      ? await findUserById(ctx.db, member.user_id)
      : await findUserByEmail(ctx.db, member.name);
  if (account && account.id !== member.user_id) {
    // The address got its account after the invitation; it may already be on the dialog another way.
    if (account.id === access.survey.owner_id) throw conflict(SHARING_ERRORS.isOwner);
    if (await findMember(ctx.db, access.survey.id, { user_id: account.id })) {
      throw conflict(SHARING_ERRORS.alreadyMember);
    }
  }
  await updateMember(ctx.db, member.id, { role: input.new_role, user_id: account?.id ?? null });
  await mailInvitation(ctx, log, access, { email: member.name, account, role: input.new_role });
  return ok;
}
