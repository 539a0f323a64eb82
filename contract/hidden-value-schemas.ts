import { z } from 'zod';
import { HIDDEN_FIELD_NAME, HIDDEN_VALUE, HIDDEN_VALUE_MAX } from './hidden-values.ts';

/**
 * A hidden field's name and a value as a link may carry it, as zod schemas: the declared fields, the
 * Analyse filter and the blocks' jumps on hidden fields (blocks.ts field_jumps) take the same.
 */
export const hiddenFieldNameSchema = z
  .string()
  .regex(HIDDEN_FIELD_NAME, 'Buchstaben, Ziffern und _, mit einem Buchstaben vorn, höchstens 32');
/** A value as a link may carry it (the Analyse filter takes the same). */
export const hiddenValueSchema = z
  .string()
  .trim()
  .min(1, 'darf nicht leer sein')
  .max(HIDDEN_VALUE_MAX, `höchstens ${HIDDEN_VALUE_MAX} Zeichen`)
  .regex(HIDDEN_VALUE, 'nur Buchstaben, Ziffern, Leerzeichen und . _ : @ + - /');
