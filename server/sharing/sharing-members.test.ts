import { describe, expect, it } from 'vitest';
import { MAGIC_LINK_TTL_MS } from '../auth/magic-links.ts';
import { loginAs } from '../test/app.ts';
import { addMember, authorSession, call, newDialog, type Session } from '../test/dialogs.ts';
import { sharingForFile } from '../test/sharing-calls.ts';
import { tokenOf } from '../test/smtp.ts';
import { SHARING_ERRORS } from './service.ts';

const { t, mailbox, owner, freshAddress, permissions, invite, accountWithEmail } = sharingForFile();

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
