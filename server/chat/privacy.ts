import type { PrivacyDeclarationResponse } from '../../contract/privacy.ts';
import type { AppContext } from '../context.ts';
import { settingsFromRow } from '../dialogs/rows.ts';
import { notFound } from '../http/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { findPublicSurvey } from './queries.ts';

/** POST /api/get_privacy_declaration: public, also for inactive dialogs (the page stays readable). */
export async function privacyDeclaration(
  ctx: AppContext,
  surveyId: string,
): Promise<PrivacyDeclarationResponse> {
  const survey = await findPublicSurvey(ctx.db, surveyId);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  const settings = settingsFromRow(survey);
  return {
    survey_id: survey.survey_id,
    survey_name: survey.survey_name,
    privacy_declaration_text: settings.privacy_declaration_text,
    language: settings.language,
  };
}
