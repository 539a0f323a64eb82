import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import {
  HIDDEN_FIELD_NAME,
  HIDDEN_VALUE,
  HIDDEN_VALUE_MAX,
  LINK_VALUE_MAX,
  MAX_HIDDEN_FIELDS,
} from './hidden-values.ts';

/** The schemas of hidden fields (rules and texts: hidden-values.ts, which the respondent pages import). */

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

export const hiddenFieldSchema = z.object({ name: hiddenFieldNameSchema, required: z.boolean() });
export type HiddenField = z.infer<typeof hiddenFieldSchema>;

export const hiddenFieldsRequest = z.object({ survey_id: surveyIdSchema });
export const hiddenFieldsResponse = z.object({ fields: z.array(hiddenFieldSchema) });
export const setHiddenFieldsRequest = z.object({
  survey_id: surveyIdSchema,
  fields: z
    .array(hiddenFieldSchema)
    .max(MAX_HIDDEN_FIELDS, `höchstens ${MAX_HIDDEN_FIELDS} Felder`)
    .refine((f) => new Set(f.map((x) => x.name.toLowerCase())).size === f.length, 'Namen doppelt'),
});

/** What a link passes at the start of a chat: parameter → value (checked against the declared fields). */
export const hiddenValuesSchema = z
  .record(z.string().max(64), z.string().max(LINK_VALUE_MAX, `höchstens ${LINK_VALUE_MAX} Zeichen`))
  .optional();
