import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';

/**
 * Hidden fields ('Versteckte Felder', issue 22): parameters of the public link (`/dialog/{id}?pid=123`)
 * stored with the session, never shown in the chat, usable as {{name}} in texts. Unknown parameters are
 * ignored; a missing required one stops the start with HIDDEN_FIELD_MISSING.
 */
export const HIDDEN_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const HIDDEN_VALUE_MAX = 200;
/** Letters, digits and the punctuation ids and codes use; nothing that could be markup. */
export const HIDDEN_VALUE = /^[\p{L}\p{N} ._:@+\-/]*$/u;
export const MAX_HIDDEN_FIELDS = 20;

export const hiddenFieldMissing = (name: string) =>
  `Dieser Link ist unvollständig: der Parameter „${name}“ fehlt. Bitte nutzen Sie den Link, den Sie erhalten haben.`;
export const hiddenFieldInvalid = (name: string) =>
  `Der Parameter „${name}“ im Link ist ungültig (höchstens ${HIDDEN_VALUE_MAX} Zeichen: Buchstaben, Ziffern, . _ : @ + - /).`;

export const hiddenFieldSchema = z.object({
  name: z
    .string()
    .regex(HIDDEN_FIELD_NAME, 'Buchstaben, Ziffern und _, mit einem Buchstaben vorn, höchstens 32'),
  required: z.boolean(),
});
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
export const hiddenValuesSchema = z.record(z.string().max(64), z.string().max(2000)).optional();
