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
import { apiErrors } from '../api-error.ts';
import { okResponse } from '../auth.ts';
import { postGroup } from '../endpoint.ts';

/** The signed-in author's own account. */
const ownCall = postGroup('account');
/** The e-mail links' calls: whoever holds the link's token. */
const linkCall = postGroup('account', { caller: 'public' });

/** The account screen (/account) and the e-mail flows (/email_validation, /reset_password), issue 5. */
export const accountEndpoints = {
  getAccount: ownCall({
    path: '/api/get_account',
    summary: "The caller's account",
    response: accountSchema,
  }),
  updateAccount: ownCall({
    path: '/api/update_account',
    summary: 'Change first name, last name or language (only the fields given); returns the account',
    body: updateAccountRequest,
    response: accountSchema,
  }),
  changePassword: ownCall({
    path: '/api/change_password',
    summary: 'Change the password with the current one; ends every session and returns a new token pair',
    description:
      'Wrong current_password: 400; wrong guesses count towards the login limit of the account (429).',
    body: changePasswordRequest,
    response: changePasswordResponse,
    errors: apiErrors(429),
  }),
  logoutEverywhere: ownCall({
    path: '/api/logout_everywhere',
    summary: 'Revoke every refresh token of the account (all devices sign out when their token expires)',
    response: okResponse,
  }),
  requestEmailValidation: ownCall({
    path: '/api/request_email_validation',
    summary: 'Mail a link that confirms the current or a new e-mail address (valid 7 days)',
    description:
      'Without email the current address is confirmed. 409 when another account has the address; ' +
      '429 after MAIL_MAX_PER_WINDOW requests; 502 when the mail could not be sent.',
    body: requestEmailValidationRequest.optional().nullable(),
    response: okResponse,
    errors: apiErrors(409, 429, 502),
  }),
  confirmEmail: linkCall({
    path: '/api/confirm_email',
    summary: "Confirm an address with the link's token; it becomes the account's e-mail",
    body: confirmEmailRequest,
    response: confirmEmailResponse,
    errors: apiErrors(409),
  }),
  requestPasswordReset: linkCall({
    path: '/api/request_password_reset',
    summary: 'Mail a reset link (valid 24 hours) to the account with this username or e-mail',
    description:
      'The answer is the same whether or not such an account exists; the mail is sent after it ' +
      '(failures are logged). 429 after MAIL_MAX_PER_WINDOW requests for one name or too many from one address.',
    body: requestPasswordResetRequest,
    response: okResponse,
    errors: apiErrors(429),
  }),
  resetPassword: linkCall({
    path: '/api/reset_password',
    summary: "Set a new password with the reset link's token; ends every session of the account",
    description: 'Also clears an expired password (418 at login).',
    body: resetPasswordRequest,
    response: resetPasswordResponse,
  }),
};
