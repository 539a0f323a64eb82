import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { SHARING_MESSAGES } from './labels.ts';
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_LABELS, ROLES } from './roles.ts';

/** Request and response schemas of the sharing calls (SPEC §7) and of accepting invitations (issue 5). */

export { SHARING_MESSAGES };

/**
 * SPEC §5: text, at-sign, text, dot, text. "Text" excludes white space, control characters and the
 * characters that separate or quote addresses in a mail header, so one field is always one recipient.
 */
const ADDRESS_TEXT = String.raw`[^\s@,;<>()[\]"\\\p{Cc}]+`;
export const EMAIL_PATTERN = new RegExp(`^${ADDRESS_TEXT}@${ADDRESS_TEXT}\\.${ADDRESS_TEXT}$`, 'u');

/** An e-mail address: trimmed, required, and of the SPEC §5 form (RFC 5321 limits it to 254 characters). */
export const emailAddressSchema = z
  .string({ error: SHARING_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: SHARING_MESSAGES.emailRequired, abort: true })
  .max(254, { error: 'höchstens 254 Zeichen', abort: true })
  .regex(EMAIL_PATTERN, SHARING_MESSAGES.emailInvalid);

const roleByLabel: ReadonlyMap<string, AssignableRole> = new Map(
  ASSIGNABLE_ROLES.map((role) => [ROLE_LABELS[role], role]),
);

/**
 * A role that can be given to a member, by its code or its German name (SPEC §6: 'Voller Zugriff', ...);
 * missing or empty is the form's "no role chosen".
 */
export const assignableRoleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (roleByLabel.get(value) ?? value) : value),
  z.enum(ASSIGNABLE_ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? SHARING_MESSAGES.roleRequired
        : `muss eine der Rollen ${ASSIGNABLE_ROLES.join(', ')} (oder ${[...roleByLabel.keys()].map((l) => `'${l}'`).join(', ')}) sein`,
  }),
);

/** A member as listed by get_dialog_permissions (its name, usually the invitee's e-mail). */
const memberName = z
  .string({ error: 'muss der Name eines Mitglieds sein' })
  .trim()
  .min(1, 'darf nicht leer sein')
  .max(254, 'höchstens 254 Zeichen');

export const dialogPermissionsRequest = z.object({ survey_id: surveyIdSchema });

export const memberSchema = z.object({
  /** The invitee's e-mail; for the owner their e-mail, or the username when the account has none. */
  name: z.string(),
  role: z.enum(ROLES),
  role_label: z.string(),
  /** 0 while the invitation is pending (SPEC §3). */
  invite_accepted: z.union([z.literal(0), z.literal(1)]),
  is_owner: z.boolean(),
  /** The caller's own entry, shown as 'Du' and locked (SPEC §6). */
  is_current_user: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const dialogPermissionsResponse = z.object({
  roles_current_survey_id: z.array(memberSchema),
  /** 1: the caller may invite, change roles, remove members and resend invitations. */
  sharing_permission: z.union([z.literal(0), z.literal(1)]),
});
export type DialogPermissionsResponse = z.infer<typeof dialogPermissionsResponse>;

export const inviteUserRequest = z.object({
  survey_id: surveyIdSchema,
  name: emailAddressSchema,
  new_role: assignableRoleSchema,
});
export type InviteUserRequest = z.infer<typeof inviteUserRequest>;

export const resendInviteRequest = z.object({
  survey_id: surveyIdSchema,
  name: memberName,
  new_role: assignableRoleSchema,
});

export const changePermissionUserRequest = z.object({
  survey_id: surveyIdSchema,
  name: memberName,
  new_role: assignableRoleSchema,
});

export const deleteSharingUserRequest = z.object({ survey_id: surveyIdSchema, name: memberName });

export const sharingResultResponse = z.object({ success: z.boolean(), msg: z.string() });

// ------------------------------------------------------------------ invitations of the caller

export const pendingInvitationSchema = z.object({
  survey_id: z.string(),
  survey_name: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  role_label: z.string(),
  /** First and last name of who invited, their username if they have no name, '' if the account is gone. */
  invited_by_name: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationsResponse = z.object({ invitations: z.array(pendingInvitationSchema) });

export const invitationRequest = z.object({ survey_id: surveyIdSchema });
export const acceptInvitationLinkRequest = z.object({
  magic_link: z.string().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen'),
});
export const invitationResultResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  survey_id: z.string(),
});
export type InvitationResultResponse = z.infer<typeof invitationResultResponse>;
