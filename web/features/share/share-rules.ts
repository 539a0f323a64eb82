import { z } from 'zod';
import {
  assignableRoleSchema,
  emailAddressSchema,
  type Member,
  SHARING_MESSAGES,
} from '../../../contract/sharing.ts';

/**
 * The invite form (SPEC §5): the e-mail trimmed, required ('Bitte gültige E-Mail angeben') and of the
 * form text@text.text ('Bitte gültige Email angeben'); a role required ('Bitte eine Berechtigung
 * auswählen'). The contract's schemas carry these texts, so the server answers with the same ones.
 */
export const inviteFormSchema = z.object({ email: emailAddressSchema, role: assignableRoleSchema });
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormValues = z.output<typeof inviteFormSchema>;
export const EMPTY_INVITE: InviteFormInput = { email: '', role: '' as InviteFormInput['role'] };

/** The i18n key of a SPEC §5 text, so the English UI shows its own wording; other texts stay as they are. */
export function validationKey(message: string | undefined): keyof typeof SHARING_MESSAGES | null {
  if (!message) return null;
  const entry = Object.entries(SHARING_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as keyof typeof SHARING_MESSAGES) : null;
}

export interface MemberRowRules {
  /** The owner and the caller's own entry are never changed or removed (SPEC §6). */
  locked: boolean;
  canChangeRole: boolean;
  canRemove: boolean;
  /** 'Einladung ausstehend' with a resend link (SPEC §4). */
  pending: boolean;
  canResend: boolean;
}

/** What a member row offers, from the member and the caller's sharing_permission. */
export function memberRowRules(member: Member, sharingPermission: 0 | 1): MemberRowRules {
  const locked = member.is_owner || member.is_current_user || member.role === 'owner';
  const manage = sharingPermission === 1 && !locked;
  const pending = member.invite_accepted === 0;
  return { locked, canChangeRole: manage, canRemove: manage, pending, canResend: manage && pending };
}

/** The public link of a dialog: the app's origin plus /dialog/{survey_id}. */
export function publicDialogLink(origin: string, surveyId: string): string {
  return `${origin.replace(/\/+$/, '')}/dialog/${encodeURIComponent(surveyId)}`;
}

/**
 * A placeholder per hidden field as a query (`pid={{pid}}&src={{src}}`), which the panel or CRM fills in
 * per person; the braces stay literal, the form panels expect. The panel link's query and the widget
 * snippet's data-params alike.
 */
export const placeholderQuery = (names: readonly string[]) => names.map((n) => `${n}={{${n}}}`).join('&');

/** The public link with the hidden fields' placeholders (`?pid={{pid}}`); without fields the plain link. */
export function panelLink(link: string, names: readonly string[]): string {
  return names.length === 0 ? link : `${link}?${placeholderQuery(names)}`;
}
