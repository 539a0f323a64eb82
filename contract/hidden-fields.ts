import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { hiddenFieldNameSchema } from './hidden-value-schemas.ts';
import { LINK_VALUE_MAX, MAX_HIDDEN_FIELDS } from './hidden-values.ts';

/** The schemas of hidden fields (rules and texts: hidden-values.ts, which the respondent pages import). */

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
