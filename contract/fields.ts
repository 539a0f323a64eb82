import { z } from 'zod';

/** Request fields several areas take, each with its German messages written once. */

/** The largest row id (ids are PostgreSQL integers). */
export const MAX_ID = 2_147_483_647;

/** A row id in a JSON body (an example, a session, a manager). */
export const rowIdSchema = z
  .number({ error: 'muss eine Zahl sein' })
  .int('muss ganzzahlig sein')
  .min(1, 'ungültig')
  .max(MAX_ID, 'ungültig');

/** A text that must be given: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: 'muss ein Text sein' })
    .trim()
    .min(1, 'darf nicht leer sein')
    .max(max, `höchstens ${max} Zeichen`);
}
