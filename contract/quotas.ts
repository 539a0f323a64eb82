import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { MAX_ID } from './fields.ts';
import { HIDDEN_FIELD_NAME } from './hidden-values.ts';

/**
 * Quotas ('Quoten', issue 22): e.g. 'Frauen 18–29: 150'. A quota's conditions (all must hold) are
 * answers of choice blocks or hidden fields' values in a set; finished live chats that meet them count
 * until the limit. A respondent whose answers put them in a full quota is led to the quota's end block
 * (null: the dialog's own ending) at once.
 */
export const QUOTA_LIMIT_MAX = 1_000_000;
export const MAX_QUOTAS = 50;
export const MAX_QUOTA_CONDITIONS = 10;
/** Blocks a condition may name: their options are what respondents choose from. */
export const QUOTA_BLOCK_TYPES = ['single_choice', 'multiple_choice'] as const;

const valuesSchema = z
  .array(z.string().trim().min(1, 'darf nicht leer sein').max(500, 'höchstens 500 Zeichen'))
  .min(1, 'mindestens ein Wert')
  .max(100, 'höchstens 100 Werte');

export const quotaConditionSchema = z.discriminatedUnion('kind', [
  /** The block's answer (one of the chosen options, for multiple choice) is one of values. */
  z.object({
    kind: z.literal('block'),
    block_id: z.string().min(1, 'darf nicht leer sein').max(64, 'höchstens 64 Zeichen'),
    values: valuesSchema,
  }),
  /** The hidden field's value from the link is one of values. */
  z.object({
    kind: z.literal('hidden'),
    field: z.string().regex(HIDDEN_FIELD_NAME, 'muss der Name eines versteckten Feldes sein'),
    values: valuesSchema,
  }),
]);
export type QuotaCondition = z.infer<typeof quotaConditionSchema>;

export const quotaInputSchema = z.object({
  name: z.string().trim().min(1, 'darf nicht leer sein').max(100, 'höchstens 100 Zeichen'),
  conditions: z
    .array(quotaConditionSchema)
    .min(1, 'mindestens eine Bedingung')
    .max(MAX_QUOTA_CONDITIONS, `höchstens ${MAX_QUOTA_CONDITIONS} Bedingungen`),
  limit: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(0, 'mindestens 0')
    .max(QUOTA_LIMIT_MAX, `höchstens ${QUOTA_LIMIT_MAX}`),
  /** The end block a respondent of the full quota is led to; null: the dialog's ending. */
  end_block: z.string().min(1, 'darf nicht leer sein').max(64, 'höchstens 64 Zeichen').nullable(),
});
export type QuotaInput = z.infer<typeof quotaInputSchema>;

export const quotaSchema = quotaInputSchema.extend({
  id: z.number(),
  /** Finished live chats counted so far (a deleted respondent frees their place). */
  count: z.number(),
});
export type Quota = z.infer<typeof quotaSchema>;

export const quotasRequest = z.object({ survey_id: surveyIdSchema });
export const quotasResponse = z.object({ quotas: z.array(quotaSchema) });
export const createQuotaRequest = z.object({ survey_id: surveyIdSchema, quota: quotaInputSchema });
const quotaId = z.number({ error: 'muss eine Quoten-ID sein' }).int().min(1).max(MAX_ID, 'ungültig');
export const updateQuotaRequest = z.object({
  survey_id: surveyIdSchema,
  id: quotaId,
  quota: quotaInputSchema,
});
export const deleteQuotaRequest = z.object({ survey_id: surveyIdSchema, id: quotaId });
export const quotaResponse = z.object({ quota: quotaSchema });
export const deleteQuotaResponse = z.object({ msg: z.literal('success') });

export const QUOTA_ERRORS = {
  notFound: 'Diese Quote gibt es nicht (mehr).',
  tooMany: `Ein Dialog hat höchstens ${MAX_QUOTAS} Quoten.`,
  unknownBlock: (id: string) => `quota.conditions: Block „${id}“ ist kein Auswahl-Block dieses Dialogs`,
  unknownOption: (id: string, value: string) =>
    `quota.conditions: „${value}“ ist keine Option des Blocks „${id}“`,
  unknownField: (name: string) => `quota.conditions: „${name}“ ist kein verstecktes Feld dieses Dialogs`,
  notEndBlock: (id: string) => `quota.end_block: „${id}“ ist kein Ende-Block dieses Dialogs`,
} as const;
