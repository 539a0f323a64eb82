import type { z } from 'zod';
import type { LoginResponse, loginRequest, VerifyTokenResponse } from '../auth.ts';
import type { Dialog, surveyRequest } from '../dialogs.ts';
import { route } from '../endpoint.ts';

/**
 * The author app's calls before any screen's own: signing in, the route guard's token check and the
 * held dialog of a dialog's route. Zod-free like respondentRoutes (contract/endpoint.ts RouteRef), so the
 * login page and the app's frame carry no schemas; their endpoints take method and path from here.
 */
export const shellRoutes = {
  login: route<z.input<typeof loginRequest>, LoginResponse>('POST', '/api/login'),
  verifyToken: route<undefined, VerifyTokenResponse>('POST', '/api/verify-token'),
  dialog: route<z.input<typeof surveyRequest>, Dialog>('POST', '/api/dialog'),
};
