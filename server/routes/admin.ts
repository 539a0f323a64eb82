import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import {
  createUser,
  deleteUser,
  expirePassword,
  listUsers,
  sendResetLink,
  setDisabled,
} from '../accounts/admin.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** The admin screen (/admin): accounts with the admin flag only, whatever host they call from. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.adminListUsers, ({ body }) => listUsers(ctx, body ?? {}));
  serve(app, ctx, endpoints.adminCreateUser, ({ body }) => createUser(ctx, body));
  serve(app, ctx, endpoints.adminSetDisabled, ({ principal, body }) => setDisabled(ctx, principal.id, body));
  serve(app, ctx, endpoints.adminExpirePassword, ({ body }) => expirePassword(ctx, body));
  serve(app, ctx, endpoints.adminSendResetLink, ({ log, body }) => sendResetLink(ctx, log, body));
  serve(app, ctx, endpoints.adminDeleteUser, ({ principal, body }) => deleteUser(ctx, principal.id, body));
}
