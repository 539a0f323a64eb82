import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { inspectMagicLink, registerWithMagicLink } from '../accounts/registration.ts';
import { bearerToken } from '../auth/guard.ts';
import { describePrincipal, login, logout, refresh, registerLive } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { serve } from './serve.ts';

/** Signing in and out, tokens, live participants and registration through a link (SPEC §7). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.login, ({ body, ip }) => login(ctx, body, ip));
  serve(app, ctx, endpoints.refresh, ({ body, raw }) => {
    const token = body?.refresh_token ?? bearerToken(raw.request.headers.authorization);
    if (!token) throw unauthorized('refresh_token: fehlt');
    return refresh(ctx, token);
  });
  serve(app, ctx, endpoints.logout, ({ body }) => logout(ctx, body?.refresh_token));
  serve(app, ctx, endpoints.verifyToken, ({ principal }) => describePrincipal(ctx, principal));
  serve(app, ctx, endpoints.registerLive, ({ body, ip }) => registerLive(ctx, [body.survey_id], ip));
  serve(app, ctx, endpoints.registerLiveList, ({ body, ip }) => registerLive(ctx, body.survey_id_list, ip));
  serve(app, ctx, endpoints.magicLink, ({ body }) => inspectMagicLink(ctx, body.magic_link));
  serve(app, ctx, endpoints.magicLinkRegistration, ({ body }) => registerWithMagicLink(ctx, body));
}
