import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import {
  confirmEmail,
  requestEmailValidation,
  requestPasswordReset,
  resetPassword,
} from '../accounts/email-flows.ts';
import { changePassword, getAccount, logoutEverywhere, updateAccount } from '../accounts/service.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** The account screen (/account) and the e-mail flows (/email_validation, /reset_password), issue 5. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.getAccount, ({ principal }) => getAccount(ctx, principal.id));
  serve(app, ctx, endpoints.updateAccount, ({ principal, body }) => updateAccount(ctx, principal.id, body));
  serve(app, ctx, endpoints.changePassword, ({ principal, body }) => changePassword(ctx, principal.id, body));
  serve(app, ctx, endpoints.logoutEverywhere, ({ principal }) => logoutEverywhere(ctx, principal.id));
  serve(app, ctx, endpoints.requestEmailValidation, ({ principal, log, body }) =>
    requestEmailValidation(ctx, log, principal.id, body?.email),
  );
  serve(app, ctx, endpoints.confirmEmail, ({ body }) => confirmEmail(ctx, body.token));
  serve(app, ctx, endpoints.requestPasswordReset, ({ log, body, ip }) =>
    requestPasswordReset(ctx, log, body.username_or_email, ip),
  );
  serve(app, ctx, endpoints.resetPassword, ({ body }) => resetPassword(ctx, body.token, body.password));
}
