import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './constants.ts';
import { surveyIdSchema } from './dialogs.ts';

/**
 * POST /api/get_privacy_declaration: a dialog's privacy declaration (settings key
 * privacy_declaration_text) for the consent before the first question and the page /privacy/{id}.
 * Public, also for inactive dialogs; the text is plain text ('' when the author wrote none).
 */
export const privacyDeclarationRequest = z.object({ survey_id: surveyIdSchema });
export const privacyDeclarationResponse = z.object({
  survey_id: z.string(),
  survey_name: z.string(),
  privacy_declaration_text: z.string(),
  language: z.enum(SUPPORTED_LANGUAGES),
});
export type PrivacyDeclarationResponse = z.infer<typeof privacyDeclarationResponse>;
