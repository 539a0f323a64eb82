import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { SHARING_MESSAGES } from '../../contract/sharing.ts';
import { MAGIC_LINK_TTL_MS } from '../auth/magic-links.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { addMember, authorSession, call, newDialog, type Session } from '../test/dialogs.ts';
import { startMailbox, type TestMailbox, tokenOf } from '../test/smtp.ts';
import { INVITATION_ERRORS } from './invitations.ts';
import { SHARING_ERRORS } from './service.ts';

/** The sharing calls of SPEC §7 and invitations (issue 5), with mails received by a real SMTP server. */

const PUBLIC_URL = 'https://dialoge.example.org/app';
let t: TestApp;
let mailbox: TestMailbox;
let owner: Session;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL });
  owner = await authorSession(t);
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
      username: `neu_${counter}_${Date.now()}`,
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

describe('resend_invite', () => {
  it('renews the link: the old one stops working, the new one holds 7 days, the role is updated', async () => {
    const sid = await newDialog(t, owner.token);
    const address = freshAddress();
    await invite(owner.token, sid, address, 'train');
    const oldToken = tokenOf(await mailbox.next(address), '/magic_link');

    t.clock.now += 3 * 86_400_000;
    try {
      // The owner's access token of three days ago has expired meanwhile.
      const { token: ownerToken } = await loginAs(t, owner.username, 'correct horse battery');
      const res = await call(t, ownerToken, '/api/resend_invite', {
        survey_id: sid,
        name: address,
        new_role: 'analyse',
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await mailbox.next(address);
      expect(mail.text).toContain('Analysieren');
      const newToken = tokenOf(mail, '/magic_link');
      expect(newToken).not.toBe(oldToken);
      expect((await call(t, undefined, '/api/magic_link', { magic_link: oldToken })).statusCode).toBe(400);
      expect((await permissions(ownerToken, sid)).roles_current_survey_id[1]).toMatchObject({
        role: 'analyse',
        invite_accepted: 0,
      });
      t.clock.now += MAGIC_LINK_TTL_MS - 1000;
      expect((await call(t, undefined, '/api/magic_link', { magic_link: newToken })).statusCode).toBe(200);
      t.clock.now += 2000;
      expect((await call(t, undefined, '/api/magic_link', { magic_link: newToken })).statusCode).toBe(400);
    } finally {
      t.clock.now = Date.now();
    }
  });

  it('refuses accepted members (409) and unknown names (404)', async () => {
    const sid = await newDialog(t, owner.token);
    const member = await authorSession(t);
    await addMember(t, sid, member.id, 'train');
    const accepted = await call(t, owner.token, '/api/resend_invite', {
      survey_id: sid,
      name: `member${member.id}@example.org`,
      new_role: 'train',
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().msg).toBe(SHARING_ERRORS.alreadyAccepted);
    const unknown = await call(t, owner.token, '/api/resend_invite', {
      survey_id: sid,
      name: 'niemand@example.org',
      new_role: 'train',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(SHARING_ERRORS.memberNotFound);
  });

  it('sends the existing-account mail when the address got an account after the invitation', async () => {
    const sid = await newDialog(t, owner.token);
    const address = freshAddress('spaeter');
    await invite(owner.token, sid, address);
    expect((await mailbox.next(address)).text).toContain('legen Sie Ihr Konto an');
    const later = await accountWithEmail(address);
    await call(t, owner.token, '/api/resend_invite', { survey_id: sid, name: address, new_role: 'train' });
    expect((await mailbox.next(address)).text).toContain('Melden Sie sich an');
    expect((await call(t, later.token, '/api/accept_invitation', { survey_id: sid })).statusCode).toBe(200);
  });
});

describe('change_permission_user and delete_sharing_user', () => {
  async function team() {
    const sid = await newDialog(t, owner.token);
    const full = await authorSession(t);
    const train = await authorSession(t);
    const analyst = await authorSession(t);
    await addMember(t, sid, full.id, 'full');
    await addMember(t, sid, train.id, 'train');
    await addMember(t, sid, analyst.id, 'analyse');
    const name = (s: Session) => `member${s.id}@example.org`;
    return { sid, full, train, analyst, name };
  }

  it('changes a role; the new role decides at once', async () => {
    const { sid, train, name } = await team();
    expect(
      (await call(t, train.token, '/api/get_survey_data_configurator', { survey_id: sid })).statusCode,
    ).toBe(403);
    const res = await call(t, owner.token, '/api/change_permission_user', {
      survey_id: sid,
      name: name(train).toUpperCase(),
      new_role: 'edit_train',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await call(t, train.token, '/api/get_survey_data_configurator', { survey_id: sid })).statusCode,
    ).toBe(200);
  });

  it('locks the owner and the caller, for change and removal', async () => {
    const { sid, full, name } = await team();
    const ownerName = `${owner.username}@example.org`;
    for (const url of ['/api/change_permission_user', '/api/delete_sharing_user']) {
      for (const [token, target, msg] of [
        [full.token, ownerName, SHARING_ERRORS.ownerLocked],
        [owner.token, ownerName, SHARING_ERRORS.ownerLocked],
        [full.token, name(full), SHARING_ERRORS.selfLocked],
      ] as const) {
        const res = await call(t, token, url, { survey_id: sid, name: target, new_role: 'analyse' });
        expect(res.statusCode, `${url} ${target}`).toBe(400);
        expect(res.json().msg).toBe(msg);
      }
    }
    const list = (await permissions(owner.token, sid)).roles_current_survey_id;
    expect(list.find((m) => m.name === name(full))?.role).toBe('full');
  });

  it('only callers with sharing permission manage members; others get 403, strangers 404', async () => {
    const { sid, full, train, analyst, name } = await team();
    const stranger = await authorSession(t);
    const bodies: [string, Record<string, string>][] = [
      ['/api/invite_user', { name: 'x@example.org', new_role: 'train' }],
      ['/api/resend_invite', { name: name(analyst), new_role: 'train' }],
      ['/api/change_permission_user', { name: name(analyst), new_role: 'train' }],
      ['/api/delete_sharing_user', { name: name(analyst) }],
    ];
    for (const [url, body] of bodies) {
      expect((await call(t, train.token, url, { survey_id: sid, ...body })).statusCode, url).toBe(403);
      expect((await call(t, stranger.token, url, { survey_id: sid, ...body })).statusCode, url).toBe(404);
    }
    // Voller Zugriff may manage others.
    const res = await call(t, full.token, '/api/change_permission_user', {
      survey_id: sid,
      name: name(analyst),
      new_role: 'train',
    });
    expect(res.statusCode, res.body).toBe(200);
    const unknown = await call(t, full.token, '/api/delete_sharing_user', { survey_id: sid, name: 'x@y.de' });
    expect(unknown.statusCode).toBe(404);
  });

  it('removing a member ends their access; removing an invitation ends its link', async () => {
    const { sid, analyst, name } = await team();
    const address = freshAddress();
    await invite(owner.token, sid, address);
    const token = tokenOf(await mailbox.next(address), '/magic_link');
    for (const target of [name(analyst), address]) {
      const res = await call(t, owner.token, '/api/delete_sharing_user', { survey_id: sid, name: target });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await call(t, analyst.token, '/api/dialog', { survey_id: sid })).statusCode).toBe(404);
    expect((await call(t, undefined, '/api/magic_link', { magic_link: token })).statusCode).toBe(400);
    expect((await permissions(owner.token, sid)).roles_current_survey_id.map((m) => m.role)).toEqual([
      'owner',
      'full',
      'train',
    ]);
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
