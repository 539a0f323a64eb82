import {
  createUserRequest,
  createUserResponse,
  deleteUserRequest,
  deleteUserResponse,
  listUsersRequest,
  listUsersResponse,
  setDisabledRequest,
  userIdRequest,
} from '../admin.ts';
import { apiErrorSchema } from '../api-error.ts';
import { okResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['admin'];
/** 404: the account a call names does not exist. */
const errors = { 404: apiErrorSchema };

/** The admin screen (/admin): accounts with the admin flag only, whatever host they call from. */
export const adminEndpoints = {
  adminListUsers: endpoint({
    method: 'POST',
    path: '/api/admin/list_users',
    caller: 'admin',
    tags,
    summary: 'Accounts ordered by username, filtered by search (username, e-mail, names), paged',
    body: listUsersRequest.optional().nullable(),
    response: listUsersResponse,
    errors,
  }),
  adminCreateUser: endpoint({
    method: 'POST',
    path: '/api/admin/create_user',
    caller: 'admin',
    tags,
    summary: 'Create an account (its e-mail counts as confirmed); 409 when username or e-mail are taken',
    body: createUserRequest,
    response: createUserResponse,
    errors: { ...errors, 409: apiErrorSchema },
  }),
  adminSetDisabled: endpoint({
    method: 'POST',
    path: '/api/admin/set_disabled',
    caller: 'admin',
    tags,
    summary: 'Disable (signs the account out; its calls get 401 account_disabled) or enable an account',
    body: setDisabledRequest,
    response: okResponse,
    errors,
  }),
  adminExpirePassword: endpoint({
    method: 'POST',
    path: '/api/admin/expire_password',
    caller: 'admin',
    tags,
    summary: 'Expire the password: the next login answers 418 until it is reset; sessions end',
    body: userIdRequest,
    response: okResponse,
    errors,
  }),
  adminSendResetLink: endpoint({
    method: 'POST',
    path: '/api/admin/send_reset_link',
    caller: 'admin',
    tags,
    summary: "Mail a password reset link to the account's e-mail (400 without one, 502 when the mail failed)",
    body: userIdRequest,
    response: okResponse,
    errors: { ...errors, 502: apiErrorSchema },
  }),
  adminDeleteUser: endpoint({
    method: 'POST',
    path: '/api/admin/delete_user',
    caller: 'admin',
    tags,
    summary: 'Delete an account; its dialogs go to transfer_to_user_id (required when it owns any)',
    description:
      'Memberships, sessions and links of the account are removed. Admins cannot delete themselves.',
    body: deleteUserRequest,
    response: deleteUserResponse,
    errors,
  }),
};
