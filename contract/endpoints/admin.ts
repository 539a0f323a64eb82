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
import { apiErrors } from '../api-error.ts';
import { okResponse } from '../auth.ts';
import { postGroup } from '../endpoint.ts';

/** 404: the account a call names does not exist. */
const adminCall = postGroup('admin', { caller: 'admin', errors: apiErrors(404) });

/** The admin screen (/admin): accounts with the admin flag only, whatever host they call from. */
export const adminEndpoints = {
  adminListUsers: adminCall({
    path: '/api/admin/list_users',
    summary: 'Accounts ordered by username, filtered by search (username, e-mail, names), paged',
    body: listUsersRequest.optional().nullable(),
    response: listUsersResponse,
  }),
  adminCreateUser: adminCall({
    path: '/api/admin/create_user',
    summary: 'Create an account (its e-mail counts as confirmed); 409 when username or e-mail are taken',
    body: createUserRequest,
    response: createUserResponse,
    errors: apiErrors(404, 409),
  }),
  adminSetDisabled: adminCall({
    path: '/api/admin/set_disabled',
    summary: 'Disable (signs the account out; its calls get 401 account_disabled) or enable an account',
    body: setDisabledRequest,
    response: okResponse,
  }),
  adminExpirePassword: adminCall({
    path: '/api/admin/expire_password',
    summary: 'Expire the password: the next login answers 418 until it is reset; sessions end',
    body: userIdRequest,
    response: okResponse,
  }),
  adminSendResetLink: adminCall({
    path: '/api/admin/send_reset_link',
    summary: "Mail a password reset link to the account's e-mail (400 without one, 502 when the mail failed)",
    body: userIdRequest,
    response: okResponse,
    errors: apiErrors(404, 502),
  }),
  adminDeleteUser: adminCall({
    path: '/api/admin/delete_user',
    summary: 'Delete an account; its dialogs go to transfer_to_user_id (required when it owns any)',
    description:
      'Memberships, sessions and links of the account are removed. Admins cannot delete themselves.',
    body: deleteUserRequest,
    response: deleteUserResponse,
  }),
};
