import type { ClientConfig, SurveyLanguageResponse } from '../../contract/chat.ts';
import type { PrivacyDeclarationResponse } from '../../contract/privacy.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { settingsFromRow } from '../dialogs/rows.ts';
import { notFound } from '../http/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { respondentsView } from '../versions/cache.ts';
import { navBarFragments } from './engine/texts.ts';
import { findPublicSurvey } from './queries.ts';

/**
 * The public calls about a dialog's chat (no token): its look, its top bar's language and its privacy
 * declaration. They answer for inactive dialogs too, so the chat can say the dialog has ended in its look.
 */

/** The dialog as respondents get it: in 'publish' mode as published (server/versions). */
async function publicSurvey(ctx: AppContext, surveyId: string) {
  const survey = await findPublicSurvey(ctx.db, surveyId);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  return respondentsView(ctx, survey);
}

/**
 * GET /api/get_config: the look of a dialog's chat (SPEC §3 client config), public and also for inactive
 * dialogs, so the chat can show the inactive notice in the dialog's look (active tells) before it asks
 * for consent. training_mode: the dialog's
 * Trainieren module is on, so the assessment chat lets authors mark wrongly routed answers for it;
 * feedback_allowed: set in the stored settings (false unless set there).
 */
export async function clientConfig(ctx: AppContext, surveyId: string): Promise<ClientConfig> {
  const survey = await publicSurvey(ctx, surveyId);
  const s = settingsFromRow(survey);
  const stored = parseJsonObject(survey.settings);
  return {
    config: {
      accent_color: s.accent_color,
      logo_src: s.logo_src,
      avatar_src: s.avatar_src,
      avatar_name: s.avatar_name,
      video_messages: s.video_messages,
      audio_messages: s.audio_messages,
      background_image: s.background_link,
    },
    survey_id: survey.survey_id,
    survey_id_int: survey.id,
    survey_name: survey.survey_name,
    messenger_ui: s.messenger,
    avatar_name: s.avatar_name,
    background_link: s.background_link,
    speed: s.speed,
    feedback_allowed: stored.feedback_allowed === true,
    training_mode: survey.intrance === 1,
    active: Boolean(survey.active),
  };
}

/** POST /api/get_survey_language: the live top bar's texts in the dialog's language and form of address. */
export async function surveyLanguage(ctx: AppContext, surveyId: string): Promise<SurveyLanguageResponse> {
  const survey = await publicSurvey(ctx, surveyId);
  const { language, du_sie } = settingsFromRow(survey);
  return {
    nav_bar_information: { navar_language_fragments: navBarFragments(language, du_sie), language, du_sie },
  };
}

/** POST /api/get_privacy_declaration: public, also for inactive dialogs (the page stays readable). */
export async function privacyDeclaration(
  ctx: AppContext,
  surveyId: string,
): Promise<PrivacyDeclarationResponse> {
  const survey = await publicSurvey(ctx, surveyId);
  const settings = settingsFromRow(survey);
  return {
    survey_id: survey.survey_id,
    survey_name: survey.survey_name,
    privacy_declaration_text: settings.privacy_declaration_text,
    language: settings.language,
  };
}
