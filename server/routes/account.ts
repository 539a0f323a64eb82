import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSchema,
  changePasswordRequest,
  changePasswordResponse,
  confirmEmailRequest,
  confirmEmailResponse,
  requestEmailValidationRequest,
  requestPasswordResetRequest,
  resetPasswordRequest,
  resetPasswordResponse,
  updateAccountRequest,
} from '../../contract/account.ts';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { okResponse } from '../../contract/auth.ts';
import {
  confirmEmail,
  requestEmailValidation,
  requestPasswordReset,
  resetPassword,
} from '../accounts/email-flows.ts';
import { changePassword, getAccount, logoutEverywhere, updateAccount } from '../accounts/service.ts';
import { requireAuthor } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The account screen (/account) and the e-mail flows (/email_validation, /reset_password), issue 5. */
export function registerAccountRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.post(
    '/api/get_account',
    { schema: { tags, summary: "The caller's account", response: { 200: accountSchema, ...errors } } },
    async (req) => getAccount(ctx, (await requireAuthor(ctx, req)).id),
  );

  app.post(
    '/api/update_account',
    {
      schema: {
        tags,
        summary: 'Change first name, last name or language (only the fields given); returns the account',
        body: updateAccountRequest,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (req) => updateAccount(ctx, (await requireAuthor(ctx, req)).id, req.body),
  );

  app.post(
    '/api/change_password',
    {
      schema: {
        tags,
        summary: 'Change the password with the current one; ends every session and returns a new token pair',
        description:
          'Wrong current_password: 400; wrong guesses count towards the login limit of the account (429).',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errors, 429: apiErrorSchema },
      },
    },
    async (req) => changePassword(ctx, (await requireAuthor(ctx, req)).id, req.body),
  );

  app.post(
    '/api/logout_everywhere',
    {
      schema: {
        tags,
        summary: 'Revoke every refresh token of the account (all devices sign out when their token expires)',
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => logoutEverywhere(ctx, (await requireAuthor(ctx, req)).id),
  );

  app.post(
    '/api/request_email_validation',
    {
      schema: {
        tags,
        summary: 'Mail a link that confirms the current or a new e-mail address (valid 7 days)',
        description:
          'Without email the current address is confirmed. 409 when another account has the address; ' +
          '429 after MAIL_MAX_PER_WINDOW requests; 502 when the mail could not be sent.',
        body: requestEmailValidationRequest.optional().nullable(),
        response: {
          200: okResponse,
          ...errors,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (req) => requestEmailValidation(ctx, req.log, (await requireAuthor(ctx, req)).id, req.body?.email),
  );

  app.post(
    '/api/confirm_email',
    {
      schema: {
        tags,
        summary: "Confirm an address with the link's token; it becomes the account's e-mail",
        security: [],
        body: confirmEmailRequest,
        response: { 200: confirmEmailResponse, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (req) => confirmEmail(ctx, req.body.token),
  );

  app.post(
    '/api/request_password_reset',
    {
      schema: {
        tags,
        summary: 'Mail a reset link (valid 24 hours) to the account with this username or e-mail',
        description:
          'The answer is the same whether or not such an account exists; the mail is sent after it ' +
          '(failures are logged). 429 after MAIL_MAX_PER_WINDOW requests for one name or too many from one address.',
        security: [],
        body: requestPasswordResetRequest,
        response: { 200: okResponse, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (req) => requestPasswordReset(ctx, req.log, req.body.username_or_email, req.ip),
  );

  app.post(
    '/api/reset_password',
    {
      schema: {
        tags,
        summary: "Set a new password with the reset link's token; ends every session of the account",
        description: 'Also clears an expired password (418 at login).',
        security: [],
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, 400: apiErrorSchema },
      },
    },
    (req) => resetPassword(ctx, req.body.token, req.body.password),
  );
}
