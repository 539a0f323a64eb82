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
} from '../account.ts';
import { apiErrorSchema } from '../api-error.ts';
import { okResponse } from '../auth.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['account'];

/** The account screen (/account) and the e-mail flows (/email_validation, /reset_password), issue 5. */
export const accountEndpoints = {
  getAccount: endpoint({
    method: 'POST',
    path: '/api/get_account',
    caller: 'author',
    tags,
    summary: "The caller's account",
    response: accountSchema,
  }),
  updateAccount: endpoint({
    method: 'POST',
    path: '/api/update_account',
    caller: 'author',
    tags,
    summary: 'Change first name, last name or language (only the fields given); returns the account',
    body: updateAccountRequest,
    response: accountSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/change_password',
    caller: 'author',
    tags,
    summary: 'Change the password with the current one; ends every session and returns a new token pair',
    description:
      'Wrong current_password: 400; wrong guesses count towards the login limit of the account (429).',
    body: changePasswordRequest,
    response: changePasswordResponse,
    errors: { 429: apiErrorSchema },
  }),
  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/api/logout_everywhere',
    caller: 'author',
    tags,
    summary: 'Revoke every refresh token of the account (all devices sign out when their token expires)',
    response: okResponse,
  }),
  requestEmailValidation: endpoint({
    method: 'POST',
    path: '/api/request_email_validation',
    caller: 'author',
    tags,
    summary: 'Mail a link that confirms the current or a new e-mail address (valid 7 days)',
    description:
      'Without email the current address is confirmed. 409 when another account has the address; ' +
      '429 after MAIL_MAX_PER_WINDOW requests; 502 when the mail could not be sent.',
    body: requestEmailValidationRequest.optional().nullable(),
    response: okResponse,
    errors: { 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/confirm_email',
    caller: 'public',
    tags,
    summary: "Confirm an address with the link's token; it becomes the account's e-mail",
    body: confirmEmailRequest,
    response: confirmEmailResponse,
    errors: { 409: apiErrorSchema },
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/request_password_reset',
    caller: 'public',
    tags,
    summary: 'Mail a reset link (valid 24 hours) to the account with this username or e-mail',
    description:
      'The answer is the same whether or not such an account exists; the mail is sent after it ' +
      '(failures are logged). 429 after MAIL_MAX_PER_WINDOW requests for one name or too many from one address.',
    body: requestPasswordResetRequest,
    response: okResponse,
    errors: { 429: apiErrorSchema },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/reset_password',
    caller: 'public',
    tags,
    summary: "Set a new password with the reset link's token; ends every session of the account",
    description: 'Also clears an expired password (418 at login).',
    body: resetPasswordRequest,
    response: resetPasswordResponse,
  }),
};
