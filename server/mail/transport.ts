import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { MailContent } from './templates.ts';

/**
 * Sends a mail through SMTP_URL, or without it writes the complete RFC 822 message as an .eml file to
 * DATA_DIR/outbox and logs its link, so that a single-machine install works without a mail server.
 */

export type MailKind = 'invitation' | 'email_validation' | 'password_reset' | 'webhook_disabled';
export type MailLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface OutgoingMail extends MailContent {
  kind: MailKind;
  to: string;
  /** The link the mail carries; logged only when the mail goes to the outbox. */
  link: string;
}

export class MailDeliveryError extends Error {}

// A mail server that does not answer must not hold a request for nodemailer's default of minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** One transport per configuration; settings in SMTP_URL's query string win over the timeouts above. */
const transports = new WeakMap<Config, Transporter>();

function transportFor(config: Config): Transporter {
  let transport = transports.get(config);
  if (!transport) {
    transport = config.SMTP_URL
      ? nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.SMTP_URL })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    transports.set(config, transport);
  }
  return transport;
}

export const outboxDir = (config: Config) => resolve(config.DATA_DIR, 'outbox');

const fileStamp = (now: number) => new Date(now).toISOString().replace(/[:.]/g, '-');

export async function deliver(config: Config, log: MailLog, mail: OutgoingMail, now: number): Promise<void> {
  const message = {
    from: config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  try {
    const info = await transportFor(config).sendMail(message);
    if (config.SMTP_URL) {
      log.info({ kind: mail.kind, to: mail.to, messageId: info.messageId }, 'mail sent');
      return;
    }
    const dir = outboxDir(config);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${fileStamp(now)}_${mail.kind}_${randomBytes(4).toString('hex')}.eml`);
    // The stream transport with buffer: true hands back the whole message as a Buffer.
    await writeFile(file, info.message as Buffer, { flag: 'wx' });
    log.info({ kind: mail.kind, to: mail.to, file, link: mail.link }, 'mail saved to outbox (no SMTP_URL)');
  } catch (err) {
    log.error({ err, kind: mail.kind, to: mail.to }, 'mail delivery failed');
    throw new MailDeliveryError(err instanceof Error ? err.message : String(err));
  }
}
