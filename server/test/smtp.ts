import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the mail tests: it receives what the app sends through SMTP_URL,
 * parses each message, and refuses recipients whose address starts with "reject" (550), so tests can
 * make delivery fail on purpose.
 */

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  subject: string;
  text: string;
  html: string;
}

export interface TestMailbox {
  url: string;
  received: ReceivedMail[];
  /** The next mail to this address that no earlier next() call took. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<TestMailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let wake: () => void = () => undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().startsWith('reject')) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            parsed,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function take(to: string) {
    const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = take(to);
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link in a mail's text part that leads to the given path of the web app. */
export function tokenOf(mail: { text: string }, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_%-]+)`).exec(
    mail.text,
  );
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
