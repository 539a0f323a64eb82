import { afterAll, beforeAll, expect } from 'vitest';
import { createAuthor, createTestApp, loginAs, type TestApp } from './app.ts';
import { authorSession, call, type Session } from './dialogs.ts';
import { startMailbox, type TestMailbox } from './smtp.ts';

/** The app and calls of the sharing tests (server/sharing/sharing*.test.ts). */

export const PUBLIC_URL = 'https://dialoge.example.org/app';

/**
 * An app that mails to a real SMTP server, and its owner Olga Owner, for the tests of one file: the objects
 * returned are filled in before the first test; app and mailbox are closed after the last.
 */
export function sharingForFile() {
  const t = {} as TestApp;
  const mailbox = {} as TestMailbox;
  const owner = {} as Session;

  beforeAll(async () => {
    Object.assign(mailbox, await startMailbox());
    Object.assign(t, await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL }));
    Object.assign(owner, await authorSession(t));
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Olga', last_name: 'Owner' })
      .where('id', '=', owner.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  let counter = 0;
  /** How many addresses freshAddress has made: with the time, part of a name no other test takes. */
  const serial = () => counter;
  const freshAddress = (prefix = 'gast') => `${prefix}${++counter}.${Date.now()}@example.org`;

  async function permissions(token: string, sid: string) {
    const res = await call(t, token, '/api/get_dialog_permissions', { survey_id: sid });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      roles_current_survey_id: {
        name: string;
        role: string;
        role_label: string;
        invite_accepted: number;
        is_owner: boolean;
        is_current_user: boolean;
        first_name: string;
        last_name: string;
      }[];
      sharing_permission: number;
    };
  }

  const invite = (token: string, sid: string, name: unknown, newRole: unknown = 'train') =>
    call(t, token, '/api/invite_user', { survey_id: sid, name, new_role: newRole });

  /** An author with a known address, signed in. */
  async function accountWithEmail(email: string, language?: 'en') {
    const author = await createAuthor(t, { email, firstName: 'Ina', lastName: 'Vited' });
    if (language) {
      await t.database.db.updateTable('users').set({ language }).where('id', '=', author.id).execute();
    }
    const { token } = await loginAs(t, author.username, author.password);
    return { ...author, token, email };
  }

  return { t, mailbox, owner, serial, freshAddress, permissions, invite, accountWithEmail };
}
