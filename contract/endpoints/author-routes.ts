import type { z } from 'zod';
import type { loginRequest, loginResponse, logoutRequest, okResponse, verifyTokenResponse } from '../auth.ts';
import type {
  createSurveyRequest,
  dialogSchema,
  successResponse,
  surveyIdResponse,
  surveyListResponse,
  surveyRequest,
  switchActivateLinkRequest,
  switchActivateLinkResponse,
} from '../dialogs.ts';
import { route } from '../endpoint.ts';
import type { preflightRequest, preflightResponse } from '../preflight.ts';
import type { invitationRequest, invitationResultResponse, pendingInvitationsResponse } from '../sharing.ts';

/** A POST call whose input and response are those of the request and response schemas (types only). */
const post = <Request extends z.ZodType, Response extends z.ZodType>(path: string) =>
  route<z.input<Request>, z.output<Response>>('POST', path);
/** A POST call without input. */
const ask = <Response extends z.ZodType>(path: string) => route<undefined, z.output<Response>>('POST', path);

/**
 * The author calls of the pages an author sees first: the login, the app's frame (the route guard's
 * token check, the held dialog of a dialog's route, the top bar's live switch and logout) and the
 * dashboard. Zod-free like respondentRoutes (contract/endpoint.ts RouteRef), so that these pages carry
 * no schemas; their endpoints take method and path from here.
 */
export const authorRoutes = {
  login: post<typeof loginRequest, typeof loginResponse>('/api/login'),
  verifyToken: ask<typeof verifyTokenResponse>('/api/verify-token'),
  logout: post<typeof logoutRequest, typeof okResponse>('/api/logout'),
  dialog: post<typeof surveyRequest, typeof dialogSchema>('/api/dialog'),
  getSurveyList: ask<typeof surveyListResponse>('/api/get_survey_list'),
  createSurvey: post<typeof createSurveyRequest, typeof surveyIdResponse>('/api/create_survey'),
  duplicateSurvey: post<typeof surveyRequest, typeof surveyIdResponse>('/api/duplicate_survey'),
  deleteSurvey: post<typeof surveyRequest, typeof successResponse>('/api/delete_survey'),
  switchActivateLink: post<typeof switchActivateLinkRequest, typeof switchActivateLinkResponse>(
    '/api/switch_activate_link',
  ),
  preflight: post<typeof preflightRequest, typeof preflightResponse>('/api/preflight'),
  pendingInvitations: ask<typeof pendingInvitationsResponse>('/api/get_pending_invitations'),
  acceptInvitation: post<typeof invitationRequest, typeof invitationResultResponse>('/api/accept_invitation'),
  declineInvitation: post<typeof invitationRequest, typeof invitationResultResponse>(
    '/api/decline_invitation',
  ),
};
