import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { MAGIC_LINK_TTL_MS } from '../auth/magic-links.ts';
import { addMember, authorSession, call, newDialog } from '../test/dialogs.ts';
import { PUBLIC_URL, sharingForFile } from '../test/sharing-calls.ts';
import { tokenOf } from '../test/smtp.ts';
import { INVITATION_ERRORS } from './invitations.ts';
import { SHARING_ERRORS } from './service.ts';

const { t, mailbox, owner, serial, freshAddress, permissions, invite, accountWithEmail } = sharingForFile();

describe('inviting an unknown address', () => {
  it('mails a registration link; registering through it makes an accepted member', async () => {
    const sid = await newDialog(t, owner.token, 'Kundenumfrage <2026>');
    const address = freshAddress();
    expect((await invite(owner.token, sid, address, 'edit_train')).statusCode).toBe(200);

    const mail = await mailbox.next(address);
    expect(mail.subject).toBe(`Einladung zum Dialog „Kundenumfrage <2026>“ – ${PRODUCT_NAME}`);
    expect(mail.text).toContain('Olga Owner lädt Sie ein');
    expect(mail.text).toContain('Bearbeiten + Trainieren');
    expect(mail.text).toContain('7 Tage');
    expect(mail.html).toContain('Kundenumfrage &lt;2026&gt;');
    expect(mail.parsed.from?.text).toContain('no-reply@dialogwerk.local');
    const token = tokenOf(mail, '/magic_link');
    expect(mail.text).toContain(`${PUBLIC_URL}/magic_link?token=`);
    expect(mail.html).toContain(`${PUBLIC_URL}/magic_link?token=`);

    const inspect = await call(t, undefined, '/api/magic_link', { magic_link: token });
    expect(inspect.json()).toMatchObject({ purpose: 'invitation', email: address, account_exists: false });
    // The page the link opens says who invites to which dialog, as the mail did.
    expect(inspect.json().invitation).toEqual({
      survey_name: 'Kundenumfrage <2026>',
      invited_by: 'Olga Owner',
      role_label: 'Bearbeiten + Trainieren',
    });

    const registration = {
      username: `neu_${serial()}_${Date.now()}`,
      firstName: 'Nina',
      lastName: 'Neu',
      password: 'ein sicheres Passwort',
      magic_link: token,
    };
    const reg = await call(t, undefined, '/api/magic_link_registration', registration);
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json()).toMatchObject({ success: true, survey_id: sid });
    const member = (await permissions(owner.token, sid)).roles_current_survey_id[1];
    expect(member).toMatchObject({ name: address, invite_accepted: 1, first_name: 'Nina', last_name: 'Neu' });
    expect((await call(t, reg.json().token, '/api/dialog', { survey_id: sid })).statusCode).toBe(200);

    // Single use.
    const again = await call(t, undefined, '/api/magic_link_registration', {
      ...registration,
      username: `${registration.username}_2`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(MESSAGES.invalidMagicLink);
  });

  it('binds invitations of other dialogs to the same address to the new account', async () => {
    const first = await newDialog(t, owner.token);
    const second = await newDialog(t, owner.token, 'Zweiter Dialog');
    const address = freshAddress();
    await invite(owner.token, first, address, 'train');
    await invite(owner.token, second, address, 'analyse');
    const token = tokenOf(await mailbox.next(address), '/magic_link');
    await mailbox.next(address);
    const reg = await call(t, undefined, '/api/magic_link_registration', {
      username: `multi_${Date.now()}`,
      firstName: 'M',
      lastName: 'N',
      password: 'ein sicheres Passwort',
      magic_link: token,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const pending = await call(t, reg.json().token, '/api/get_pending_invitations');
    expect(pending.json().invitations).toEqual([
      {
        survey_id: second,
        survey_name: 'Zweiter Dialog',
        role: 'analyse',
        role_label: 'Analysieren',
        invited_by_name: 'Olga Owner',
      },
    ]);
  });

  it('a link expires after 7 days', async () => {
    const sid = await newDialog(t, owner.token);
    const address = freshAddress();
    await invite(owner.token, sid, address);
    const token = tokenOf(await mailbox.next(address), '/magic_link');
    t.clock.now += MAGIC_LINK_TTL_MS + 1000;
    try {
      expect((await call(t, undefined, '/api/magic_link', { magic_link: token })).statusCode).toBe(400);
    } finally {
      t.clock.now -= MAGIC_LINK_TTL_MS + 1000;
    }
    expect((await call(t, undefined, '/api/magic_link', { magic_link: token })).statusCode).toBe(200);
  });
});

describe('inviting an existing account', () => {
  it('makes a pending member who accepts on the dashboard', async () => {
    const sid = await newDialog(t, owner.token, 'Teamdialog');
    const invitee = await accountWithEmail(freshAddress('konto'));
    const res = await invite(owner.token, sid, invitee.email.toUpperCase(), 'full');
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailbox.next(invitee.email);
    expect(mail.text).toContain('Melden Sie sich an und nehmen Sie die Einladung');
    expect(mail.text).toContain('Voller Zugriff');

    const row = await t.database.db
      .selectFrom('members')
      .selectAll()
      .where('name', '=', invitee.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: invitee.id,
      invite_accepted: 0,
      role: 'full',
      invited_by: owner.id,
    });

    const pending = await call(t, invitee.token, '/api/get_pending_invitations');
    expect(pending.json().invitations).toEqual([
      {
        survey_id: sid,
        survey_name: 'Teamdialog',
        role: 'full',
        role_label: 'Voller Zugriff',
        invited_by_name: 'Olga Owner',
      },
    ]);
    expect((await call(t, invitee.token, '/api/dialog', { survey_id: sid })).statusCode).toBe(404);

    const accepted = await call(t, invitee.token, '/api/accept_invitation', { survey_id: sid });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ success: true, msg: 'success', survey_id: sid });
    expect((await call(t, invitee.token, '/api/dialog', { survey_id: sid })).statusCode).toBe(200);
    expect((await call(t, invitee.token, '/api/get_pending_invitations')).json().invitations).toEqual([]);
    expect((await permissions(invitee.token, sid)).sharing_permission).toBe(1);

    // Accepted: the mailed link has nothing left to do, and accepting twice finds nothing.
    const link = await call(t, invitee.token, '/api/accept_invitation_link', {
      magic_link: tokenOf(mail, '/magic_link'),
    });
    expect(link.statusCode).toBe(400);
    const twice = await call(t, invitee.token, '/api/accept_invitation', { survey_id: sid });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().msg).toBe(INVITATION_ERRORS.noPendingInvitation);
  });

  it('accepts through the mailed link after signing in, once, and only for the invited account', async () => {
    const sid = await newDialog(t, owner.token);
    const invitee = await accountWithEmail(freshAddress('link'));
    const other = await accountWithEmail(freshAddress('fremd'));
    await invite(owner.token, sid, invitee.email, 'analyse');
    const token = tokenOf(await mailbox.next(invitee.email), '/magic_link');

    const inspect = await call(t, undefined, '/api/magic_link', { magic_link: token });
    expect(inspect.json()).toMatchObject({ purpose: 'invitation', account_exists: true, survey_id: sid });
    // An account that exists cannot register a second one with the link.
    const reg = await call(t, undefined, '/api/magic_link_registration', {
      username: `zweit_${Date.now()}`,
      firstName: 'Z',
      lastName: 'W',
      password: 'ein sicheres Passwort',
      magic_link: token,
    });
    expect(reg.statusCode).toBe(400);

    const wrong = await call(t, other.token, '/api/accept_invitation_link', { magic_link: token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ title: ERROR_TITLES.invalidLink, msg: INVITATION_ERRORS.otherAccount });
    expect((await call(t, undefined, '/api/accept_invitation_link', { magic_link: token })).statusCode).toBe(
      401,
    );

    const ok = await call(t, invitee.token, '/api/accept_invitation_link', { magic_link: token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, msg: 'success', survey_id: sid });
    expect((await call(t, invitee.token, '/api/dialog', { survey_id: sid })).statusCode).toBe(200);
    const reuse = await call(t, invitee.token, '/api/accept_invitation_link', { magic_link: token });
    expect(reuse.json()).toEqual({ title: ERROR_TITLES.invalidLink, msg: MESSAGES.invalidMagicLink });
  });

  it('declining removes the invitation and ends its link', async () => {
    const sid = await newDialog(t, owner.token);
    const invitee = await accountWithEmail(freshAddress('nein'));
    await invite(owner.token, sid, invitee.email);
    const token = tokenOf(await mailbox.next(invitee.email), '/magic_link');
    const res = await call(t, invitee.token, '/api/decline_invitation', { survey_id: sid });
    expect(res.statusCode, res.body).toBe(200);
    expect((await permissions(owner.token, sid)).roles_current_survey_id).toHaveLength(1);
    expect(
      (await call(t, invitee.token, '/api/accept_invitation_link', { magic_link: token })).statusCode,
    ).toBe(400);
    expect((await call(t, invitee.token, '/api/decline_invitation', { survey_id: sid })).statusCode).toBe(
      404,
    );
    // The owner may invite the address again.
    expect((await invite(owner.token, sid, invitee.email)).statusCode).toBe(200);
    await mailbox.next(invitee.email);
  });

  it('writes in English to an account whose language is en', async () => {
    const sid = await newDialog(t, owner.token, 'Team survey');
    const invitee = await accountWithEmail(freshAddress('english'), 'en');
    await invite(owner.token, sid, invitee.email, 'edit_train');
    const mail = await mailbox.next(invitee.email);
    expect(mail.subject).toBe(`Invitation to the dialog "Team survey" – ${PRODUCT_NAME}`);
    expect(mail.text).toContain('Olga Owner invites you');
    expect(mail.text).toContain('Edit + train');
    expect(mail.text).toContain('7 days');
  });

  it('refuses to invite a member or the owner again (409)', async () => {
    const sid = await newDialog(t, owner.token);
    const member = await authorSession(t);
    await addMember(t, sid, member.id, 'train');
    const address = freshAddress();
    await invite(owner.token, sid, address);
    await mailbox.next(address);
    for (const [name, msg] of [
      [address, SHARING_ERRORS.alreadyMember],
      [` ${address.toUpperCase()}`, SHARING_ERRORS.alreadyMember],
      [`member${member.id}@example.org`, SHARING_ERRORS.alreadyMember],
      // The member's account address differs from its members row name.
      [`${member.username}@example.org`, SHARING_ERRORS.alreadyMember],
      [`${owner.username}@example.org`, SHARING_ERRORS.isOwner],
    ] as const) {
      const res = await invite(owner.token, sid, name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ title: ERROR_TITLES.conflict, msg });
    }
  });
});
