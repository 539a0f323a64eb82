import { apiErrorSchema } from '../api-error.ts';
import {
  loginRequest,
  loginResponse,
  logoutRequest,
  magicLinkRegistrationRequest,
  magicLinkRegistrationResponse,
  magicLinkRequest,
  magicLinkResponse,
  okResponse,
  refreshRequest,
  refreshResponse,
  registerLiveListRequest,
  registerLiveRequest,
  registerLiveResponse,
  verifyTokenResponse,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { respondentRoutes } from './respondent-routes.ts';

const tags = ['auth'];
const liveErrors = { 404: apiErrorSchema, 429: apiErrorSchema };

/** Signing in and out, tokens, live participants and registration through a link (SPEC §7). */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    caller: 'public',
    tags,
    summary: 'Sign in with username and password',
    body: loginRequest,
    response: loginResponse,
    errors: { 401: apiErrorSchema, 403: apiErrorSchema, 418: apiErrorSchema, 429: apiErrorSchema },
  }),
  refresh: endpoint({
    ...respondentRoutes.refresh,
    caller: 'public',
    tags,
    summary: 'Rotate a refresh token (author or live); body refresh_token or Authorization: Bearer',
    body: refreshRequest.optional().nullable(),
    response: refreshResponse,
    errors: { 401: apiErrorSchema },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    caller: 'public',
    tags,
    summary: 'Revoke the refresh-token family',
    body: logoutRequest.optional().nullable(),
    response: okResponse,
  }),
  verifyToken: endpoint({
    method: 'POST',
    path: '/api/verify-token',
    caller: 'participant',
    tags,
    summary: 'Check an access token (route guard)',
    response: verifyTokenResponse,
  }),
  registerLive: endpoint({
    ...respondentRoutes.registerLive,
    caller: 'public',
    tags,
    summary: 'Register an anonymous participant for one dialog',
    body: registerLiveRequest,
    response: registerLiveResponse,
    errors: liveErrors,
  }),
  registerLiveList: endpoint({
    ...respondentRoutes.registerLiveList,
    caller: 'public',
    tags,
    summary: 'Register one anonymous participant for several dialogs',
    body: registerLiveListRequest,
    response: registerLiveResponse,
    errors: liveErrors,
  }),
  magicLink: endpoint({
    method: 'POST',
    path: '/api/magic_link',
    caller: 'public',
    tags,
    summary: 'Check a magic link without using it',
    body: magicLinkRequest,
    response: magicLinkResponse,
  }),
  magicLinkRegistration: endpoint({
    method: 'POST',
    path: '/api/magic_link_registration',
    caller: 'public',
    tags,
    summary: 'Create an account through a magic link',
    body: magicLinkRegistrationRequest,
    response: magicLinkRegistrationResponse,
    errors: { 409: apiErrorSchema },
  }),
};
