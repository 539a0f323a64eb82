import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { authorSession, call, newDialog } from '../test/dialogs.ts';
import { startMailbox, tokenOf } from '../test/smtp.ts';
import { deliver, MailDeliveryError, outboxDir } from './transport.ts';

/** Without SMTP_URL every mail is a real RFC 822 message in DATA_DIR/outbox, and its link is logged. */

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-outbox-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const emlFiles = () => readdirSync(outboxDir(t.config)).filter((f) => f.endsWith('.eml'));

const fakeLog = () => ({ info: vi.fn(), error: vi.fn() });
const mail = {
  kind: 'invitation' as const,
  to: 'empfaenger@example.org',
  subject: 'Betreff mit Ümlaut',
  text: 'Hallo\n\nhttps://example.org/magic_link?token=abc\n',
  html: '<p>Hallo</p>',
  link: 'https://example.org/magic_link?token=abc',
};

describe('the outbox', () => {
  it('an invitation becomes an .eml file that mail programs read, and its link registers', async () => {
    const owner = await authorSession(t);
    const sid = await newDialog(t, owner.token, 'Outbox-Dialog');
    const res = await call(t, owner.token, '/api/invite_user', {
      survey_id: sid,
      name: 'neu@example.org',
      new_role: 'analyse',
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = emlFiles().filter((f) => f.includes('_invitation_'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outboxDir(t.config), files[0]!));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(`Einladung zum Dialog „Outbox-Dialog“ – ${PRODUCT_NAME}`);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('neu@example.org');
    expect(parsed.from?.text).toContain('no-reply@dialogwerk.local');
    expect(parsed.messageId).toBeTruthy();
    expect(parsed.text).toContain('Konto an');
    expect(parsed.html).toContain('<a href="http://localhost:3000/magic_link?token=');
    expect(raw.toString()).toMatch(/Content-Type: multipart\/alternative/);

    // Without PUBLIC_URL the link points at this server's port.
    const token = tokenOf({ text: parsed.text ?? '' }, '/magic_link');
    expect(parsed.text).toContain('http://localhost:3000/magic_link?token=');
    const reg = await call(t, undefined, '/api/magic_link_registration', {
      username: 'outbox_neu',
      firstName: 'Ole',
      lastName: 'Outbox',
      password: 'ein sicheres Passwort',
      magic_link: token,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().survey_id).toBe(sid);
  });

  it('deliver() logs the link of a mail it puts in the outbox', async () => {
    const log = fakeLog();
    const before = emlFiles().length;
    await deliver(t.config, log, mail, Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(emlFiles()).toHaveLength(before + 1);
    expect(emlFiles().some((f) => f.startsWith('2026-01-02T03-04-05-000Z_invitation_'))).toBe(true);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'invitation', to: mail.to, link: mail.link, file: expect.any(String) }),
      expect.stringContaining('outbox'),
    );
  });

  it('an outbox that cannot be written is a delivery failure (logged), answered 502 by the calls', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'dialogwerk-outbox-broken-'));
    writeFileSync(join(broken, 'outbox'), 'a file where the folder should be');
    const log = fakeLog();
    const config = loadConfig({ DATA_DIR: broken, LOG_LEVEL: 'silent' });
    try {
      await expect(deliver(config, log, mail, Date.now())).rejects.toBeInstanceOf(MailDeliveryError);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'invitation', to: mail.to }),
        'mail delivery failed',
      );
      const app = await createTestApp({ DATA_DIR: broken });
      try {
        const owner = await authorSession(app);
        const sid = await newDialog(app, owner.token);
        const res = await call(app, owner.token, '/api/invite_user', {
          survey_id: sid,
          name: 'x@example.org',
          new_role: 'train',
        });
        expect(res.statusCode).toBe(502);
        expect(res.json().title).toBe(ERROR_TITLES.mailFailed);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('deliver() through SMTP does not log the link (it is a key)', async () => {
    const mailbox = await startMailbox();
    try {
      const log = fakeLog();
      const config = loadConfig({ SMTP_URL: mailbox.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      await deliver(config, log, mail, Date.now());
      const received = await mailbox.next(mail.to);
      expect(received.subject).toBe(mail.subject);
      expect(received.text.trim()).toBe(mail.text.trim());
      expect(JSON.stringify(log.info.mock.calls)).not.toContain('token=abc');
    } finally {
      await mailbox.close();
    }
  });
});
