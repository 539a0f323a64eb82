import { apiErrors } from '../api-error.ts';
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
import { postGroup } from '../endpoint.ts';
import { authorRoutes } from './author-routes.ts';
import { respondentRoutes } from './respondent-routes.ts';

/** Public but for verify-token: signing in and registering come before any token, refresh and logout carry theirs. */
const authCall = postGroup('auth', { caller: 'public' });
const liveErrors = apiErrors(404, 429);

/** Signing in and out, tokens, live participants and registration through a link (SPEC §7). */
export const authEndpoints = {
  login: authCall({
    ...authorRoutes.login,
    summary: 'Sign in with username and password',
    body: loginRequest,
    response: loginResponse,
    errors: apiErrors(401, 403, 418, 429),
  }),
  refresh: authCall({
    ...respondentRoutes.refresh,
    summary: 'Rotate a refresh token (author or live); body refresh_token or Authorization: Bearer',
    body: refreshRequest.optional().nullable(),
    response: refreshResponse,
    errors: apiErrors(401),
  }),
  logout: authCall({
    ...authorRoutes.logout,
    summary: 'Revoke the refresh-token family',
    body: logoutRequest.optional().nullable(),
    response: okResponse,
  }),
  verifyToken: authCall({
    ...authorRoutes.verifyToken,
    caller: 'participant',
    summary: 'Check an access token (route guard)',
    response: verifyTokenResponse,
  }),
  registerLive: authCall({
    ...respondentRoutes.registerLive,
    summary: 'Register an anonymous participant for one dialog',
    body: registerLiveRequest,
    response: registerLiveResponse,
    errors: liveErrors,
  }),
  registerLiveList: authCall({
    ...respondentRoutes.registerLiveList,
    summary: 'Register one anonymous participant for several dialogs',
    body: registerLiveListRequest,
    response: registerLiveResponse,
    errors: liveErrors,
  }),
  magicLink: authCall({
    path: '/api/magic_link',
    summary: 'Check a magic link without using it',
    body: magicLinkRequest,
    response: magicLinkResponse,
  }),
  magicLinkRegistration: authCall({
    path: '/api/magic_link_registration',
    summary: 'Create an account through a magic link',
    body: magicLinkRegistrationRequest,
    response: magicLinkRegistrationResponse,
    errors: apiErrors(409),
  }),
};
