import { respondentRoutes as routes } from '../../contract/endpoints/respondent-routes.ts';
import type { ApiClient } from '../api/client.ts';

/**
 * The public calls of a dialog's look and texts (no token needed): the respondent entry's first calls,
 * apart from the chat's (session/chat-api.ts), which come with the chat's chunk.
 */
export function publicDialogApi(api: ApiClient, surveyId: string) {
  const survey_id = surveyId;
  return {
    config: () => api.call(routes.getConfig, { survey_id }, { auth: false }),
    language: () => api.call(routes.surveyLanguage, { survey_id }, { auth: false }),
    privacy: () => api.call(routes.privacyDeclaration, { survey_id }, { auth: false }),
  };
}
