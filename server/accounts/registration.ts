import { ERROR_TITLES } from '../../contract/errors.ts';
import { ROLE_LABELS, ROLES } from '../../contract/roles.ts';
import { markMagicLinkUsed } from '../auth/magic-link-queries.ts';
import { createMagicLink, findUsableMagicLink, invalidMagicLink } from '../auth/magic-links.ts';
import { hashPassword } from '../auth/passwords.ts';
import { issueTokens } from '../auth/service.ts';
import { findUserByEmail, findUserByUsername } from '../auth/users-queries.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { appLink } from '../mail/service.ts';
import { joinInvitedDialogs } from '../sharing/invitations.ts';
import { invitationContext, publicSurveyId } from '../sharing/queries.ts';
import { REGISTRATION_ERRORS } from './errors.ts';
import { insertUser } from './queries.ts';

/** Accounts made through a mailed link: a registration link (CLI) or an invitation to a dialog. */

/** A usable link that invites to register (a registration or an invitation); any other is invalid. */
async function usableRegistrationLink(ctx: Pick<AppContext, 'db'>, token: string, now: number) {
  const link = await findUsableMagicLink(ctx.db, token, now);
  if (link?.purpose === 'registration' || link?.purpose === 'invitation') {
    return { ...link, purpose: link.purpose };
  }
  throw invalidMagicLink();
}

/** POST /api/magic_link: says what a link is for, without using it up. */
export async function inspectMagicLink(ctx: Pick<AppContext, 'db' | 'now'>, token: string) {
  const link = await usableRegistrationLink(ctx, token, ctx.now());
  const surveyId = link.survey_id === null ? null : await publicSurveyId(ctx.db, link.survey_id);
  return {
    success: true,
    purpose: link.purpose,
    email: link.email,
    account_exists: (await findUserByEmail(ctx.db, link.email)) !== undefined,
    survey_id: surveyId ?? null,
    invitation:
      link.survey_id === null ? null : await invitation(ctx, link.survey_id, link.created_by, link.role),
  };
}

/** Who invites to which dialog in which role, for the page the link opens. */
async function invitation(
  ctx: Pick<AppContext, 'db'>,
  surveyId: number,
  createdBy: number | null,
  role: string | null,
) {
  const { survey, inviter } = await invitationContext(ctx.db, surveyId, createdBy);
  if (!survey) return null;
  const name = inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.username : '';
  const known = ROLES.find((r) => r === role);
  return {
    survey_name: survey.survey_name,
    invited_by: name || 'Ein Mitglied des Teams',
    role_label: known ? ROLE_LABELS[known] : '',
  };
}

/** POST /api/magic_link_registration: creates the account a link invites to, then signs it in. */
export async function registerWithMagicLink(
  ctx: AppContext,
  input: { username: string; firstName: string; lastName: string; password: string; magic_link: string },
) {
  const now = ctx.now();
  const link = await usableRegistrationLink(ctx, input.magic_link, now);
  if (await findUserByUsername(ctx.db, input.username)) {
    throw badRequest(REGISTRATION_ERRORS.usernameTaken, ERROR_TITLES.usernameExists);
  }
  if (await findUserByEmail(ctx.db, link.email)) {
    // A registration through this same link that finished meanwhile made the account and used the link
    // in one transaction: a used link is what this request is told, as when it had come a moment later.
    await usableRegistrationLink(ctx, input.magic_link, now);
    throw badRequest(REGISTRATION_ERRORS.emailHasAccount, ERROR_TITLES.conflict);
  }
  const passwordHash = await hashPassword(input.password);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markMagicLinkUsed(trx, link.id, now))) return undefined;
    const userId = await insertUser(trx, {
      username: input.username,
      email: link.email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      isAdmin: false,
      now,
    });
    const surveyPublicId = await joinInvitedDialogs(trx, userId, link);
    return { userId, surveyPublicId };
  });
  if (!result) throw invalidMagicLink();
  const tokens = await issueTokens(ctx, { kind: 'author', id: result.userId, fresh: true }, now);
  return {
    success: true,
    msg: 'success',
    user_id: result.userId,
    firstName: input.firstName,
    lastName: input.lastName,
    survey_id: result.surveyPublicId,
    ...tokens,
  };
}

/** A single-use link to register with the address (valid 7 days), which an operator hands over (CLI). */
export async function registrationLink(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, email: string) {
  const token = await createMagicLink(ctx.db, { purpose: 'registration', email, now: ctx.now() });
  return appLink(ctx.config, 'invitation', token);
}
