import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  loginRequest,
  loginResponse,
  logoutRequest,
  magicLinkRegistrationRequest,
  magicLinkRegistrationResponse,
  magicLinkRequest,
  magicLinkResponse,
  okResponse,
  refreshResponse,
  registerLiveListRequest,
  registerLiveRequest,
  registerLiveResponse,
  verifyTokenResponse,
} from '../../contract/auth.ts';
import { inspectMagicLink, registerWithMagicLink } from '../accounts/registration.ts';
import { authenticate, bearerToken } from '../auth/guard.ts';
import * as auth from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export function registerAuthRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginRequest,
        response: { 200: loginResponse, ...errors, 418: apiErrorSchema },
      },
    },
    (req) => auth.login(ctx, req.body, req.ip),
  );

  app.post(
    '/api/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token (author or live); body refresh_token or Authorization: Bearer',
        body: z
          .object({ refresh_token: z.string().min(1).max(200).optional() })
          .optional()
          .nullable(),
        response: { 200: refreshResponse, ...errors },
      },
    },
    (req) => {
      const token = req.body?.refresh_token ?? bearerToken(req.headers.authorization);
      if (!token) throw unauthorized('refresh_token: fehlt');
      return auth.refresh(ctx, token);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the refresh-token family',
        body: logoutRequest.optional().nullable(),
        response: { 200: okResponse, ...errors },
      },
    },
    (req) => auth.logout(ctx, req.body?.refresh_token),
  );

  app.post(
    '/api/verify-token',
    {
      schema: {
        tags,
        summary: 'Check an access token (route guard)',
        response: { 200: verifyTokenResponse, ...errors },
      },
    },
    async (req) => auth.describePrincipal(ctx, await authenticate(ctx, req)),
  );

  app.post(
    '/api/register_live',
    {
      schema: {
        tags,
        summary: 'Register an anonymous participant for one dialog',
        body: registerLiveRequest,
        response: { 200: registerLiveResponse, ...errors, 404: apiErrorSchema },
      },
    },
    (req) => auth.registerLive(ctx, [req.body.survey_id], req.ip),
  );

  app.post(
    '/api/register_live_list',
    {
      schema: {
        tags,
        summary: 'Register one anonymous participant for several dialogs',
        body: registerLiveListRequest,
        response: { 200: registerLiveResponse, ...errors, 404: apiErrorSchema },
      },
    },
    (req) => auth.registerLive(ctx, req.body.survey_id_list, req.ip),
  );

  app.post(
    '/api/magic_link',
    {
      schema: {
        tags,
        summary: 'Check a magic link without using it',
        body: magicLinkRequest,
        response: { 200: magicLinkResponse, ...errors },
      },
    },
    (req) => inspectMagicLink(ctx, req.body.magic_link),
  );

  app.post(
    '/api/magic_link_registration',
    {
      schema: {
        tags,
        summary: 'Create an account through a magic link',
        body: magicLinkRegistrationRequest,
        response: { 200: magicLinkRegistrationResponse, ...errors, 409: apiErrorSchema },
      },
    },
    (req) => registerWithMagicLink(ctx, req.body),
  );
}
