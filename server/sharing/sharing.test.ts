import { describe, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { SHARING_MESSAGES } from '../../contract/sharing.ts';
import { createTestApp } from '../test/app.ts';
import { addMember, authorSession, call, newDialog } from '../test/dialogs.ts';
import { sharingForFile } from '../test/sharing-calls.ts';
import { SHARING_ERRORS } from './service.ts';

/** The sharing calls of SPEC §7 and invitations (issue 5), with mails received by a real SMTP server. */

const { t, mailbox, owner, freshAddress, permissions, invite } = sharingForFile();

describe('get_dialog_permissions', () => {
  it('lists the owner first as Besitzer, then members and pending invitees, with the caller marked', async () => {
    const sid = await newDialog(t, owner.token);
    const full = await authorSession(t);
    const analyst = await authorSession(t);
    const pending = await authorSession(t);
    await addMember(t, sid, full.id, 'full');
    await addMember(t, sid, analyst.id, 'analyse');
    await addMember(t, sid, pending.id, 'edit_train', false);

    const asOwner = await permissions(owner.token, sid);
    expect(asOwner.sharing_permission).toBe(1);
    expect(asOwner.roles_current_survey_id).toEqual([
      {
        name: `${owner.username}@example.org`,
        role: 'owner',
        role_label: 'Besitzer',
        invite_accepted: 1,
        is_owner: true,
        is_current_user: true,
        first_name: 'Olga',
        last_name: 'Owner',
      },
      {
        name: `member${full.id}@example.org`,
        role: 'full',
        role_label: 'Voller Zugriff',
        invite_accepted: 1,
        is_owner: false,
        is_current_user: false,
        first_name: 'Erika',
        last_name: 'Mustermann',
      },
      expect.objectContaining({ role: 'analyse', role_label: 'Analysieren', invite_accepted: 1 }),
      expect.objectContaining({
        role: 'edit_train',
        role_label: 'Bearbeiten + Trainieren',
        invite_accepted: 0,
      }),
    ]);

    const asFull = await permissions(full.token, sid);
    expect(asFull.sharing_permission).toBe(1);
    expect(asFull.roles_current_survey_id.map((m) => m.is_current_user)).toEqual([false, true, false, false]);
    expect((await permissions(analyst.token, sid)).sharing_permission).toBe(0);
    // A pending invitee does not see the dialog yet.
    expect((await call(t, pending.token, '/api/get_dialog_permissions', { survey_id: sid })).statusCode).toBe(
      404,
    );
  });
});

describe('invite_user validation (SPEC §5)', () => {
  it('answers the form texts for a missing or malformed e-mail and a missing role', async () => {
    const sid = await newDialog(t, owner.token);
    const cases: [unknown, unknown, string][] = [
      [undefined, 'train', SHARING_MESSAGES.emailRequired],
      ['', 'train', SHARING_MESSAGES.emailRequired],
      ['   ', 'train', SHARING_MESSAGES.emailRequired],
      ['anna', 'train', SHARING_MESSAGES.emailInvalid],
      ['anna@example', 'train', SHARING_MESSAGES.emailInvalid],
      ['anna@@example.org', 'train', SHARING_MESSAGES.emailInvalid],
      ['an na@example.org', 'train', SHARING_MESSAGES.emailInvalid],
      ['a@b.de, c@d.de', 'train', SHARING_MESSAGES.emailInvalid],
      ['anna@example.org', undefined, SHARING_MESSAGES.roleRequired],
      ['anna@example.org', '', SHARING_MESSAGES.roleRequired],
    ];
    for (const [name, role, msg] of cases) {
      const res = await call(t, owner.token, '/api/invite_user', { survey_id: sid, name, new_role: role });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    for (const role of ['owner', 'Besitzer', 'admin', 'voller zugriff']) {
      expect((await invite(owner.token, sid, 'anna@example.org', role)).statusCode).toBe(400);
    }
    expect((await permissions(owner.token, sid)).roles_current_survey_id).toHaveLength(1);
  });

  it('takes a role by its German name too (SPEC §6)', async () => {
    const sid = await newDialog(t, owner.token);
    const address = freshAddress('Label');
    const res = await invite(owner.token, sid, address, 'Bearbeiten + Trainieren');
    expect(res.statusCode, res.body).toBe(200);
    const member = (await permissions(owner.token, sid)).roles_current_survey_id.find(
      (m: { name: string }) => m.name === address.toLowerCase(),
    );
    expect(member).toMatchObject({ role: 'edit_train', role_label: 'Bearbeiten + Trainieren' });
  });

  it('trims the address and stores it in lower case', async () => {
    const sid = await newDialog(t, owner.token);
    const address = freshAddress('Gross');
    const res = await invite(owner.token, sid, `  ${address.toUpperCase()}  `, 'analyse');
    expect(res.statusCode, res.body).toBe(200);
    const list = (await permissions(owner.token, sid)).roles_current_survey_id;
    expect(list[1]).toMatchObject({ name: address.toLowerCase(), role: 'analyse', invite_accepted: 0 });
    await mailbox.next(address);
  });
});

describe('mail failures', () => {
  it('answers 502 with a German msg and keeps the invitation (a resend fails the same way)', async () => {
    const sid = await newDialog(t, owner.token);
    const res = await invite(owner.token, sid, 'reject-me@example.org');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ title: ERROR_TITLES.mailFailed, msg: SHARING_ERRORS.inviteMailFailed });
    expect((await permissions(owner.token, sid)).roles_current_survey_id[1]).toMatchObject({
      name: 'reject-me@example.org',
      invite_accepted: 0,
    });
    const resend = await call(t, owner.token, '/api/resend_invite', {
      survey_id: sid,
      name: 'reject-me@example.org',
      new_role: 'full',
    });
    expect(resend.statusCode).toBe(502);
    expect((await permissions(owner.token, sid)).roles_current_survey_id[1]).toMatchObject({ role: 'full' });
  });

  it('answers 502 when the SMTP server cannot be reached', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const boss = await authorSession(down);
      const sid = await newDialog(down, boss.token);
      const res = await call(down, boss.token, '/api/invite_user', {
        survey_id: sid,
        name: 'kollege@example.org',
        new_role: 'train',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().title).toBe(ERROR_TITLES.mailFailed);
      const rows = await down.database.db.selectFrom('members').selectAll().execute();
      expect(rows).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
