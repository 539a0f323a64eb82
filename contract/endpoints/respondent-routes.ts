import type { z } from 'zod';
import type {
  RefreshResponse,
  RegisterLiveResponse,
  refreshRequest,
  registerLiveListRequest,
  registerLiveRequest,
} from '../auth.ts';
import type {
  ChatTurnResponse,
  ClientConfig,
  chatAnswerRequest,
  chatHistoryRequest,
  chatStartRequest,
  getConfigQuery,
  RestartDeleteResponse,
  restartDeleteRequest,
  SurveyLanguageResponse,
  surveyLanguageRequest,
} from '../chat.ts';
import { route } from '../endpoint.ts';
import type { GameMeta, gameMetaParams } from '../managers.ts';
import type {
  MultichatTurnResponse,
  multichatAnswerRequest,
  multichatRequest,
  multichatWaitRequest,
} from '../multichat.ts';
import type { PrivacyDeclarationResponse, privacyDeclarationRequest } from '../privacy.ts';

type In<S extends z.ZodType> = z.input<S>;

/**
 * The calls of the respondent pages (/dialog, the widget, the games), zod-free so that those pages carry
 * no schemas (contract/endpoint.ts RouteRef): the types come from the endpoints' own schemas, and their
 * endpoints take method and path from here.
 */
export const respondentRoutes = {
  chatStart: route<In<typeof chatStartRequest>, ChatTurnResponse>('POST', '/api/chat/start'),
  chatAnswer: route<In<typeof chatAnswerRequest>, ChatTurnResponse>('POST', '/api/chat/answer'),
  chatHistory: route<In<typeof chatHistoryRequest>, ChatTurnResponse>('POST', '/api/chat/history'),
  restartDelete: route<In<typeof restartDeleteRequest>, RestartDeleteResponse>('POST', '/api/restart_delete'),
  getConfig: route<In<typeof getConfigQuery>, ClientConfig>('GET', '/api/get_config'),
  surveyLanguage: route<In<typeof surveyLanguageRequest>, SurveyLanguageResponse>(
    'POST',
    '/api/get_survey_language',
  ),
  privacyDeclaration: route<In<typeof privacyDeclarationRequest>, PrivacyDeclarationResponse>(
    'POST',
    '/api/get_privacy_declaration',
  ),
  /** The clients' own token rotation (web/api/client.ts), for authors and respondents alike. */
  refresh: route<In<typeof refreshRequest>, RefreshResponse>('POST', '/api/refresh'),
  registerLive: route<In<typeof registerLiveRequest>, RegisterLiveResponse>('POST', '/api/register_live'),
  registerLiveList: route<In<typeof registerLiveListRequest>, RegisterLiveResponse>(
    'POST',
    '/api/register_live_list',
  ),
  multichatStart: route<In<typeof multichatRequest>, MultichatTurnResponse>('POST', '/api/multichat/start'),
  multichatHistory: route<In<typeof multichatRequest>, MultichatTurnResponse>(
    'POST',
    '/api/multichat/history',
  ),
  multichatAnswer: route<In<typeof multichatAnswerRequest>, MultichatTurnResponse>(
    'POST',
    '/api/multichat/answer',
  ),
  multichatWait: route<In<typeof multichatWaitRequest>, MultichatTurnResponse>('POST', '/api/multichat/wait'),
  multichatRestart: route<In<typeof multichatRequest>, MultichatTurnResponse>(
    'POST',
    '/api/multichat/restart',
  ),
  multichatDelete: route<In<typeof multichatRequest>, RestartDeleteResponse>('POST', '/api/multichat/delete'),
  gameMeta: route<In<typeof gameMetaParams>, GameMeta>('GET', '/api/game_meta/:id'),
};
