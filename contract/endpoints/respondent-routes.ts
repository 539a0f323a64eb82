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

/** A route whose input is what the request schema S accepts (types only: no schema is imported). */
const post = <S extends z.ZodType, Response>(path: string) => route<z.input<S>, Response>('POST', path);
const get = <S extends z.ZodType, Response>(path: string) => route<z.input<S>, Response>('GET', path);
/** The turns of a chat and of a game answer with the whole or the new history and the next input. */
const chatTurn = <S extends z.ZodType>(path: string) => post<S, ChatTurnResponse>(path);
const gameTurn = <S extends z.ZodType>(path: string) => post<S, MultichatTurnResponse>(path);

/**
 * The calls of the respondent pages (/dialog, the widget, the games), zod-free so that those pages carry
 * no schemas (contract/endpoint.ts RouteRef): the types come from the endpoints' own schemas, and their
 * endpoints take method and path from here.
 */
export const respondentRoutes = {
  chatStart: chatTurn<typeof chatStartRequest>('/api/chat/start'),
  chatAnswer: chatTurn<typeof chatAnswerRequest>('/api/chat/answer'),
  chatHistory: chatTurn<typeof chatHistoryRequest>('/api/chat/history'),
  restartDelete: post<typeof restartDeleteRequest, RestartDeleteResponse>('/api/restart_delete'),
  getConfig: get<typeof getConfigQuery, ClientConfig>('/api/get_config'),
  surveyLanguage: post<typeof surveyLanguageRequest, SurveyLanguageResponse>('/api/get_survey_language'),
  privacyDeclaration: post<typeof privacyDeclarationRequest, PrivacyDeclarationResponse>(
    '/api/get_privacy_declaration',
  ),
  /** The clients' own token rotation (web/api/client.ts), for authors and respondents alike. */
  refresh: post<typeof refreshRequest, RefreshResponse>('/api/refresh'),
  registerLive: post<typeof registerLiveRequest, RegisterLiveResponse>('/api/register_live'),
  registerLiveList: post<typeof registerLiveListRequest, RegisterLiveResponse>('/api/register_live_list'),
  multichatStart: gameTurn<typeof multichatRequest>('/api/multichat/start'),
  multichatHistory: gameTurn<typeof multichatRequest>('/api/multichat/history'),
  multichatAnswer: gameTurn<typeof multichatAnswerRequest>('/api/multichat/answer'),
  multichatWait: gameTurn<typeof multichatWaitRequest>('/api/multichat/wait'),
  multichatRestart: gameTurn<typeof multichatRequest>('/api/multichat/restart'),
  multichatDelete: post<typeof multichatRequest, RestartDeleteResponse>('/api/multichat/delete'),
  gameMeta: get<typeof gameMetaParams, GameMeta>('/api/game_meta/:id'),
};
