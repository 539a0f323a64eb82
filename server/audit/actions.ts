import type { AuditAction } from '../../contract/audit.ts';
import type { AuditedDialog } from './service.ts';

/**
 * Which calls the audit log records, keyed by path, and the action an outcome is: the log follows the
 * API, so one table says what is recorded (retention runs are recorded by their job).
 */
/** before: the dialog the call names, as it was before the call. */
type Outcome = { status: number; body: Record<string, unknown>; before?: AuditedDialog };
type Rule = (outcome: Outcome) => AuditAction | null;

const on200 =
  (action: AuditAction): Rule =>
  ({ status }) =>
    status === 200 ? action : null;

/** A failed sign-in: wrong password, locked by the limits, disabled account, expired password. */
const LOGIN_FAILURES = new Set([401, 403, 418, 429]);

export const AUDITED_CALLS: Record<string, Rule> = {
  '/api/login': ({ status }) =>
    status === 200 ? 'login_succeeded' : LOGIN_FAILURES.has(status) ? 'login_failed' : null,
  '/api/change_password': on200('password_changed'),
  '/api/reset_password': on200('password_reset'),
  '/api/request_email_validation': ({ status, body }) =>
    status === 200 && typeof body.email === 'string' ? 'email_change_requested' : null,
  '/api/confirm_email': on200('email_confirmed'),
  '/api/admin/create_user': on200('user_created'),
  '/api/admin/set_disabled': on200('user_disabled'),
  '/api/admin/delete_user': on200('user_deleted'),
  '/api/admin/expire_password': on200('password_expired'),
  '/api/admin/send_reset_link': on200('reset_link_sent'),
  // 502: the mail failed, the invitation is kept.
  '/api/invite_user': ({ status }) => (status === 200 || status === 502 ? 'invitation_sent' : null),
  '/api/resend_invite': on200('invitation_resent'),
  '/api/accept_invitation': on200('invitation_accepted'),
  '/api/accept_invitation_link': on200('invitation_accepted'),
  '/api/decline_invitation': on200('invitation_declined'),
  '/api/change_permission_user': on200('role_changed'),
  '/api/delete_sharing_user': on200('member_removed'),
  '/api/excel_export': on200('export'),
  '/api/analytics/delete_respondent': on200('respondent_deleted'),
  '/api/delete_survey': on200('dialog_deleted'),
  '/api/set_retention': on200('retention_changed'),
  '/api/create_api_key': on200('api_key_created'),
  '/api/revoke_api_key': on200('api_key_revoked'),
  '/api/publish_version': on200('version_published'),
  '/api/restore_version': on200('version_restored'),
  // Setting the mode a dialog already has changes nothing and is not recorded.
  '/api/set_version_mode': ({ status, body, before }) =>
    status === 200 && body.mode !== before?.versionMode ? 'version_mode_changed' : null,
};

/** An object's fields; {} for anything else (a request or answer that is not a JSON object). */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * What an entry keeps of the answer and the dialog as it was, by path: the key a call made or revoked
 * (never its secret), the address confirmed, the version published (its number and note as stored), the
 * version that undoes a restore, the mode a dialog had.
 */
const ANSWER_DETAILS: Record<
  string,
  (answer: Record<string, unknown>, before: AuditedDialog) => Record<string, unknown>
> = {
  '/api/create_api_key': ({ key }) => ({ key_id: asRecord(key).id, hint: asRecord(key).hint }),
  '/api/revoke_api_key': ({ key }) => ({ key_id: asRecord(key).id, name: asRecord(key).name }),
  '/api/confirm_email': ({ email }) => ({ email }),
  '/api/publish_version': ({ version }) => ({
    number: asRecord(version).number,
    note: asRecord(version).note,
  }),
  '/api/restore_version': ({ undo_version }) => ({ undo_version }),
  '/api/set_version_mode': (_, before) => ({ previous_mode: before?.versionMode }),
};

export const answerDetails = (path: string, answer: Record<string, unknown>, before: AuditedDialog) =>
  ANSWER_DETAILS[path]?.(answer, before) ?? {};

/** Keys never copied into an entry. */
const SECRET = /password|token|magic_link|secret/i;

const plain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * What the call was about: the request's plain fields and lists of plain values (an API key's scopes),
 * without secrets and the dialog (a column of its own).
 */
export function auditDetails(body: Record<string, unknown>, status: number): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'survey_id' || SECRET.test(key)) continue;
    if (plain(value) || (Array.isArray(value) && value.every(plain))) details[key] = value;
  }
  if (status !== 200) details.status = status;
  return details;
}
