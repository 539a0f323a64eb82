import type { ChatAnswerRequest } from '../../../contract/chat.ts';
import { respondentRoutes as routes } from '../../../contract/endpoints/respondent-routes.ts';
import type { TestVersion } from '../../../contract/versions.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * The chat calls on a client: the live client for respondents, the author client for the assessment
 * chat (the token decides the mode on the server). Zod-free routes: the respondent bundle carries no
 * schemas. test: which version the assessment chat starts on (the draft unless said otherwise).
 */
export function chatApi(
  api: ApiClient,
  surveyId: string,
  hidden?: Record<string, string>,
  test?: TestVersion,
) {
  const survey_id = surveyId;
  const version = test ? { version: test } : {};
  return {
    /** hidden: the link's parameters for the dialog's hidden fields (contract/hidden-values.ts). */
    start: () => api.call(routes.chatStart, { survey_id, ...(hidden ? { hidden } : {}), ...version }),
    history: () => api.call(routes.chatHistory, { survey_id }),
    answer: (body: Omit<ChatAnswerRequest, 'survey_id'>) =>
      api.call(routes.chatAnswer, { survey_id, ...body }),
    restartDelete: (action: 'restart' | 'delete', live: boolean) =>
      api.call(routes.restartDelete, { survey_id, action, live, ...version }),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;
