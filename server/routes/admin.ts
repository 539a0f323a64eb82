import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createUserRequest,
  createUserResponse,
  deleteUserRequest,
  deleteUserResponse,
  listUsersRequest,
  listUsersResponse,
  setDisabledRequest,
  userIdRequest,
} from '../../contract/admin.ts';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { okResponse } from '../../contract/auth.ts';
import {
  createUser,
  deleteUser,
  expirePassword,
  listUsers,
  sendResetLink,
  setDisabled,
} from '../accounts/admin.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The admin screen (/admin): accounts with the admin flag only, whatever host they call from. */
export function registerAdminRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.post(
    '/api/admin/list_users',
    {
      schema: {
        tags,
        summary: 'Accounts ordered by username, filtered by search (username, e-mail, names), paged',
        body: listUsersRequest.optional().nullable(),
        response: { 200: listUsersResponse, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return listUsers(ctx, req.body ?? {});
    },
  );

  app.post(
    '/api/admin/create_user',
    {
      schema: {
        tags,
        summary: 'Create an account (its e-mail counts as confirmed); 409 when username or e-mail are taken',
        body: createUserRequest,
        response: { 200: createUserResponse, ...errors, 409: apiErrorSchema },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return createUser(ctx, req.body);
    },
  );

  app.post(
    '/api/admin/set_disabled',
    {
      schema: {
        tags,
        summary: 'Disable (signs the account out; its calls get 401 account_disabled) or enable an account',
        body: setDisabledRequest,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => setDisabled(ctx, (await requireAdmin(ctx, req)).id, req.body),
  );

  app.post(
    '/api/admin/expire_password',
    {
      schema: {
        tags,
        summary: 'Expire the password: the next login answers 418 until it is reset; sessions end',
        body: userIdRequest,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return expirePassword(ctx, req.body);
    },
  );

  app.post(
    '/api/admin/send_reset_link',
    {
      schema: {
        tags,
        summary:
          "Mail a password reset link to the account's e-mail (400 without one, 502 when the mail failed)",
        body: userIdRequest,
        response: { 200: okResponse, ...errors, 502: apiErrorSchema },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return sendResetLink(ctx, req.log, req.body);
    },
  );

  app.post(
    '/api/admin/delete_user',
    {
      schema: {
        tags,
        summary: 'Delete an account; its dialogs go to transfer_to_user_id (required when it owns any)',
        description:
          'Memberships, sessions and links of the account are removed. Admins cannot delete themselves.',
        body: deleteUserRequest,
        response: { 200: deleteUserResponse, ...errors },
      },
    },
    async (req) => deleteUser(ctx, (await requireAdmin(ctx, req)).id, req.body),
  );
}
