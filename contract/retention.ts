import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';

export const RETENTION_MAX_DAYS = 3650;

export const retentionDaysSchema = z
  .number({ error: 'muss eine Zahl von Tagen sein' })
  .int('muss eine ganze Zahl sein')
  .min(1, 'mindestens 1 Tag')
  .max(RETENTION_MAX_DAYS, `höchstens ${RETENTION_MAX_DAYS} Tage`)
  .nullable();

export const retentionRequest = z.object({ survey_id: surveyIdSchema });
export const setRetentionRequest = z.object({
  survey_id: surveyIdSchema,
  retention_days: retentionDaysSchema,
});
export const retentionResponse = z.object({ retention_days: z.number().nullable() });
