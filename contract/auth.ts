import { z } from 'zod';

/** Request and response schemas of the authentication calls (SPEC §7). */
const username = z.string().trim().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen');
const password = z.string().min(1, 'darf nicht leer sein').max(1000, 'höchstens 1000 Zeichen');
const surveyId = z.string().min(1, 'darf nicht leer sein').max(64, 'höchstens 64 Zeichen');

export const loginRequest = z.object({ username, password });
export const loginResponse = z.object({
  success: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  token: z.string(),
  refresh_token: z.string(),
  user_id: z.number().int(),
});

/** A new account's password: the only password rule we set (SPEC leaves bounds to us). */
export const newPassword = z.string().min(10, 'mindestens 10 Zeichen').max(1000, 'höchstens 1000 Zeichen');

export const magicLinkRegistrationRequest = z.object({
  username,
  firstName: z.string().trim().min(1, 'darf nicht leer sein').max(100, 'höchstens 100 Zeichen'),
  lastName: z.string().trim().min(1, 'darf nicht leer sein').max(100, 'höchstens 100 Zeichen'),
  password: newPassword,
  magic_link: z.string().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen'),
});
export const magicLinkRegistrationResponse = z.object({
  success: z.boolean(),
  token: z.string(),
  refresh_token: z.string(),
  user_id: z.number().int(),
  msg: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  survey_id: z.string().nullable(),
});

export const magicLinkRequest = z.object({
  magic_link: z.string().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen'),
});
export const magicLinkResponse = z.object({
  success: z.boolean(),
  purpose: z.enum(['registration', 'invitation']),
  email: z.string(),
  account_exists: z.boolean(),
  survey_id: z.string().nullable(),
  /** An invitation's dialog, who sent it and the role it gives; null for a registration link. */
  invitation: z
    .object({ survey_name: z.string(), invited_by: z.string(), role_label: z.string() })
    .nullable(),
});

export const registerLiveRequest = z.object({ survey_id: surveyId });
export const registerLiveListRequest = z.object({
  survey_id_list: z.array(surveyId).min(1, 'mindestens ein Dialog').max(50, 'höchstens 50 Dialoge'),
});
export const registerLiveResponse = z.object({
  success: z.boolean(),
  username_live: z.string(),
  token_live: z.string(),
  refresh_token_live: z.string(),
  user_id: z.number().int(),
});

/** The refresh token in the body, or else as Authorization: Bearer. */
export const refreshRequest = z.object({ refresh_token: z.string().min(1).max(200).optional() });
export const refreshResponse = z.object({ token: z.string(), refresh_token: z.string() });

export const verifyTokenResponse = z.object({
  success: z.boolean(),
  kind: z.enum(['author', 'live']),
  user_id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  is_admin: z.boolean(),
});

export const logoutRequest = z.object({ refresh_token: z.string().max(200).optional() });
export const okResponse = z.object({ success: z.boolean(), msg: z.string() });

export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type MagicLinkRegistrationRequest = z.infer<typeof magicLinkRegistrationRequest>;
export type MagicLinkRegistrationResponse = z.infer<typeof magicLinkRegistrationResponse>;
export type MagicLinkResponse = z.infer<typeof magicLinkResponse>;
export type RegisterLiveResponse = z.infer<typeof registerLiveResponse>;
export type RefreshResponse = z.infer<typeof refreshResponse>;
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponse>;
