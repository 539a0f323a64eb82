import { z } from 'zod';
import { accountSchema } from './account.ts';
import { newPassword } from './auth.ts';
import { MAX_ID, requiredText as text } from './fields.ts';
import { emailAddressSchema } from './sharing.ts';

/** Request and response schemas of the admin calls (issue 5; SPEC: "admin rules not shown"). */

/** Account ids are PostgreSQL integers. */
export const userIdSchema = z
  .number({ error: 'muss eine Konto-ID sein' })
  .int('muss eine ganze Zahl sein')
  .min(1, 'muss eine Konto-ID sein')
  .max(MAX_ID, 'muss eine Konto-ID sein');

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 200;

export const listUsersRequest = z.object({
  /** Part of the username, e-mail, first or last name; case does not count. */
  search: z.string({ error: 'muss ein Text sein' }).trim().max(200, 'höchstens 200 Zeichen').optional(),
  offset: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(0, 'mindestens 0')
    .max(1_000_000_000, 'zu groß')
    .optional(),
  limit: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'mindestens 1')
    .max(ADMIN_MAX_PAGE_SIZE, `höchstens ${ADMIN_MAX_PAGE_SIZE}`)
    .optional(),
});

export const adminUserSchema = z.object({
  user_id: z.number().int(),
  ...accountSchema.shape,
  disabled: z.boolean(),
  password_expired: z.boolean(),
  /** How many dialogs the account owns: what a deletion transfers. */
  owned_surveys: z.number().int(),
  created_at: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const listUsersResponse = z.object({ users: z.array(adminUserSchema), total: z.number().int() });

export const createUserRequest = z.object({
  username: text(200),
  first_name: text(100),
  last_name: text(100),
  email: emailAddressSchema.optional(),
  password: newPassword,
  is_admin: z.boolean({ error: 'muss true oder false sein' }).optional(),
});
export const createUserResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  user_id: z.number().int(),
});

export const userIdRequest = z.object({ user_id: userIdSchema });
export const setDisabledRequest = z.object({
  user_id: userIdSchema,
  disabled: z.boolean({ error: 'muss true oder false sein' }),
});
export const deleteUserRequest = z.object({
  user_id: userIdSchema,
  /** Who becomes the owner of the account's dialogs; required when it owns any. */
  transfer_to_user_id: userIdSchema.optional(),
});
export const deleteUserResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  /** How many dialogs went to the new owner. */
  transferred_surveys: z.number().int(),
});
