import { z } from 'zod';
import { newPassword } from '../../contract/auth.ts';

/** A new password twice (min 10 characters, contract/auth.ts); `differ` is the mismatch text. */
export function repeatedPasswordSchema(differ: string) {
  return z
    .object({ password: newPassword, repeat: z.string() })
    .refine((v) => v.password === v.repeat, { path: ['repeat'], message: differ });
}
export type RepeatedPassword = { password: string; repeat: string };
