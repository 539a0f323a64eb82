import type { Language } from '../../contract/constants.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import type { Role } from '../../contract/roles.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { emailValidationMail, invitationMail, passwordResetMail } from './templates.ts';
import { deliver, type MailKind, type MailLog } from './transport.ts';
import { webhookDisabledMail } from './webhook-mail.ts';

/** The mails of issue 5, each with its link into the web app (SPEC §2 routes). */

type TokenMailKind = Exclude<MailKind, 'webhook_disabled'>;

const LINK_PATHS: Record<TokenMailKind, string> = {
  invitation: '/magic_link',
  email_validation: '/email_validation',
  password_reset: '/reset_password',
};

/** PUBLIC_URL may carry a path prefix (https://example.org/dialoge), which the link keeps. */
const baseUrl = (config: AppContext['config']) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

export function appLink(config: AppContext['config'], kind: TokenMailKind, token: string): string {
  const base = baseUrl(config);
  return `${base}${LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

/** The answer when a mail could not be sent: never a 500, and the msg says what was kept. */
export const mailFailed = (msg: string) => new ApiError(502, ERROR_TITLES.mailFailed, msg);

type Ctx = Pick<AppContext, 'config' | 'now'>;

export function sendInvitationMail(
  ctx: Ctx,
  log: MailLog,
  m: {
    to: string;
    language: Language;
    token: string;
    ttlMs: number;
    inviterName: string;
    surveyName: string;
    role: Role;
    accountExists: boolean;
  },
) {
  const link = appLink(ctx.config, 'invitation', m.token);
  const content = invitationMail(m.language, { ...m, link });
  return deliver(ctx.config, log, { kind: 'invitation', to: m.to, link, ...content }, ctx.now());
}

export function sendAccountMail(
  ctx: Ctx,
  log: MailLog,
  kind: 'email_validation' | 'password_reset',
  m: { to: string; language: Language; token: string; ttlMs: number; username: string; firstName: string },
) {
  const link = appLink(ctx.config, kind, m.token);
  const build = kind === 'email_validation' ? emailValidationMail : passwordResetMail;
  const content = build(m.language, { ...m, link });
  return deliver(ctx.config, log, { kind, to: m.to, link, ...content }, ctx.now());
}

/** The notice to a dialog's owner that one of its webhooks was switched off (server/webhooks/worker.ts). */
export function sendWebhookDisabledMail(
  ctx: Ctx,
  log: MailLog,
  m: {
    to: string;
    language: Language;
    firstName: string;
    surveyId: string;
    surveyName: string;
    url: string;
    reason: string;
  },
) {
  const link = `${baseUrl(ctx.config)}/configurator/${encodeURIComponent(m.surveyId)}`;
  const content = webhookDisabledMail(m.language, { ...m, link });
  return deliver(ctx.config, log, { kind: 'webhook_disabled', to: m.to, link, ...content }, ctx.now());
}
