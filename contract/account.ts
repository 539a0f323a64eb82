import { z } from 'zod';
import { newPassword } from './auth.ts';
import { SUPPORTED_LANGUAGES } from './constants.ts';
import { requiredText } from './fields.ts';
import { emailAddressSchema } from './sharing.ts';

/** Request and response schemas of the account calls and the e-mail flows (issue 5; SPEC leaves them to us). */

const personName = requiredText(100);
const linkToken = z
  .string({ error: 'muss der Link-Code sein' })
  .min(1, 'darf nicht leer sein')
  .max(200, 'höchstens 200 Zeichen');
export const languageSchema = z.enum(SUPPORTED_LANGUAGES, { error: "muss 'de' oder 'en' sein" });

export const accountSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  language: languageSchema,
  is_admin: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const updateAccountRequest = z.object({
  first_name: personName.optional(),
  last_name: personName.optional(),
  language: languageSchema.optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequest>;

export const changePasswordRequest = z.object({
  current_password: z
    .string({ error: 'muss ein Text sein' })
    .min(1, 'darf nicht leer sein')
    .max(1000, 'höchstens 1000 Zeichen'),
  new_password: newPassword,
});
/** A new token pair: the password change ends every session, the caller's own one included. */
export const changePasswordResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  token: z.string(),
  refresh_token: z.string(),
});

/** Without email: the account's current address is confirmed; with it, the new address is. */
export const requestEmailValidationRequest = z.object({ email: emailAddressSchema.optional() });
export const confirmEmailRequest = z.object({ token: linkToken });
export const confirmEmailResponse = z.object({ success: z.boolean(), msg: z.string(), email: z.string() });

export const requestPasswordResetRequest = z.object({
  username_or_email: z
    .string({ error: 'Bitte Benutzername oder E-Mail angeben' })
    .trim()
    .min(1, 'Bitte Benutzername oder E-Mail angeben')
    .max(254, 'höchstens 254 Zeichen'),
});
export const resetPasswordRequest = z.object({ token: linkToken, password: newPassword });
export const resetPasswordResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  username: z.string(),
});

export { PASSWORD_RESET_REQUESTED } from './labels.ts';
