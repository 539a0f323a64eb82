import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { addMember, call, liveToken, newDialog } from '../test/dialogs.ts';
import { startMailbox, type TestMailbox, tokenOf } from '../test/smtp.ts';
import { ADMIN_ERRORS, EMAIL_FLOW_ERRORS } from './errors.ts';

/** The admin calls (issue 5): the server checks the admin flag; accounts are listed, managed, deleted. */

const PASSWORD = 'correct horse battery';
let t: TestApp;
let mailbox: TestMailbox;
let admin: { id: number; token: string };

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
  const a = await createAuthor(t, { username: 'Admina', isAdmin: true, email: 'admina@example.org' });
  admin = { id: a.id, token: (await loginAs(t, a.username, PASSWORD)).token };
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let counter = 0;
async function person(overrides: { firstName?: string; email?: string | null } = {}) {
  counter += 1;
  const username = `person${counter}_${Date.now()}`;
  const email = overrides.email === undefined ? `${username}@example.org` : overrides.email;
  const author = await createAuthor(t, {
    username,
    firstName: overrides.firstName ?? 'Paul',
    ...(email ? { email } : {}),
  });
  if (email === null) {
    await t.database.db.updateTable('users').set({ email: null }).where('id', '=', author.id).execute();
  }
  const session = await loginAs(t, username, PASSWORD);
  return { ...author, email, token: session.token, refreshToken: session.refresh_token };
}

const adminCall = (url: string, body: unknown = {}) => call(t, admin.token, `/api/admin/${url}`, body);

describe('who may call', () => {
  it('only accounts with the admin flag: others 403, no token 401, live token 403', async () => {
    const p = await person();
    const sid = await newDialog(t, p.token);
    await t.database.db.updateTable('surveys').set({ active: 1 }).where('survey_id', '=', sid).execute();
    const live = await liveToken(t, sid);
    const calls: [string, unknown][] = [
      ['list_users', {}],
      ['create_user', { username: 'x', first_name: 'x', last_name: 'x', password: 'x'.repeat(12) }],
      ['set_disabled', { user_id: p.id, disabled: true }],
      ['expire_password', { user_id: p.id }],
      ['send_reset_link', { user_id: p.id }],
      ['delete_user', { user_id: p.id }],
    ];
    for (const [url, body] of calls) {
      expect((await call(t, p.token, `/api/admin/${url}`, body)).statusCode, url).toBe(403);
      expect((await call(t, undefined, `/api/admin/${url}`, body)).statusCode, url).toBe(401);
      expect((await call(t, live, `/api/admin/${url}`, body)).statusCode, url).toBe(403);
    }
    expect((await call(t, p.token, '/api/get_account')).statusCode).toBe(200);
    expect((await call(t, admin.token, '/api/get_account')).json().is_admin).toBe(true);
  });
});

describe('list_users', () => {
  it('searches names and addresses regardless of case, pages, and counts owned dialogs', async () => {
    const tag = `such${Date.now()}`;
    const found = [];
    for (let i = 0; i < 3; i++) found.push(await person({ firstName: `${tag.toUpperCase()}_${i}` }));
    await newDialog(t, found[0]!.token);
    await newDialog(t, found[0]!.token);
    const all = await adminCall('list_users', { search: tag });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().users.map((u: { user_id: number }) => u.user_id)).toEqual(found.map((f) => f.id));
    expect(all.json().users[0]).toMatchObject({
      username: found[0]!.username,
      email: found[0]!.email,
      email_verified: true,
      is_admin: false,
      disabled: false,
      password_expired: false,
      language: 'de',
      owned_surveys: 2,
    });
    const page = await adminCall('list_users', { search: tag, offset: 1, limit: 1 });
    expect(page.json().total).toBe(3);
    expect(page.json().users.map((u: { user_id: number }) => u.user_id)).toEqual([found[1]!.id]);
    const byMail = await adminCall('list_users', { search: found[2]!.email!.toUpperCase() });
    expect(byMail.json().users.map((u: { user_id: number }) => u.user_id)).toEqual([found[2]!.id]);
    // % and _ are taken literally.
    expect((await adminCall('list_users', { search: '%' })).json().total).toBe(0);
    const everybody = await adminCall('list_users');
    expect(everybody.json().total).toBeGreaterThanOrEqual(4);
    for (const body of [{ limit: 0 }, { limit: 201 }, { offset: -1 }, { search: 5 }]) {
      expect((await adminCall('list_users', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('create_user', () => {
  it('creates an account that can sign in; username and e-mail must be free', async () => {
    const username = `Neu_${Date.now()}`;
    const body = {
      username,
      first_name: 'Nora',
      last_name: 'Neu',
      email: `${username}@Example.org`,
      password: 'ein langes Passwort',
    };
    const res = await adminCall('create_user', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user_id: expect.any(Number) });
    const session = await loginAs(t, username, body.password);
    expect((await call(t, session.token, '/api/get_account')).json()).toMatchObject({
      email: `${username}@example.org`.toLowerCase(),
      email_verified: true,
      is_admin: false,
    });
    const sameName = await adminCall('create_user', {
      ...body,
      username: username.toUpperCase(),
      email: undefined,
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().msg).toBe(ADMIN_ERRORS.usernameTaken);
    const sameMail = await adminCall('create_user', { ...body, username: `${username}_2` });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().msg).toBe(ADMIN_ERRORS.emailTaken);
    expect((await adminCall('create_user', { ...body, password: 'kurz' })).statusCode).toBe(400);
    const asAdmin = await adminCall('create_user', {
      ...body,
      username: `${username}_admin`,
      email: undefined,
      is_admin: true,
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('binds invitations sent to the address before the account existed', async () => {
    const owner = await person();
    const sid = await newDialog(t, owner.token);
    const address = `vorab.${Date.now()}@example.org`;
    await call(t, owner.token, '/api/invite_user', { survey_id: sid, name: address, new_role: 'analyse' });
    await mailbox.next(address);
    const username = `vorab_${Date.now()}`;
    await adminCall('create_user', {
      username,
      first_name: 'V',
      last_name: 'A',
      email: address,
      password: 'ein langes Passwort',
    });
    const session = await loginAs(t, username, 'ein langes Passwort');
    const pending = await call(t, session.token, '/api/get_pending_invitations');
    expect(pending.json().invitations).toMatchObject([{ survey_id: sid, role: 'analyse' }]);
  });
});

describe('set_disabled', () => {
  it('a disabled account is signed out and refused without retry; enabling lets it back in', async () => {
    const p = await person();
    const res = await adminCall('set_disabled', { user_id: p.id, disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await call(t, p.token, '/api/get_survey_list');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().title).toBe(ERROR_TITLES.accountDisabled);
    expect((await call(t, undefined, '/api/refresh', { refresh_token: p.refreshToken })).statusCode).toBe(
      401,
    );
    const login = await call(t, undefined, '/api/login', { username: p.username, password: PASSWORD });
    expect(login.json().title).toBe(ERROR_TITLES.accountDisabled);
    expect((await adminCall('list_users', { search: p.username })).json().users[0].disabled).toBe(true);

    expect((await adminCall('set_disabled', { user_id: p.id, disabled: false })).statusCode).toBe(200);
    expect(
      (await call(t, undefined, '/api/login', { username: p.username, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("refuses the admin's own account and unknown ids", async () => {
    const self = await adminCall('set_disabled', { user_id: admin.id, disabled: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(ADMIN_ERRORS.notYourself);
    expect((await adminCall('set_disabled', { user_id: 999_999, disabled: true })).statusCode).toBe(404);
    expect((await adminCall('set_disabled', { user_id: 'x', disabled: true })).statusCode).toBe(400);
  });
});

describe('expire_password and send_reset_link', () => {
  it('an expired password answers 418 at login until it is reset through the mailed link', async () => {
    const p = await person();
    expect((await adminCall('expire_password', { user_id: p.id })).statusCode).toBe(200);
    const login = await call(t, undefined, '/api/login', { username: p.username, password: PASSWORD });
    expect(login.statusCode).toBe(418);
    expect(login.json().msg).toBe(MESSAGES.loginPasswordExpired);
    expect((await call(t, undefined, '/api/refresh', { refresh_token: p.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await adminCall('list_users', { search: p.username })).json().users[0].password_expired).toBe(
      true,
    );

    expect((await adminCall('send_reset_link', { user_id: p.id })).statusCode).toBe(200);
    const mail = await mailbox.next(p.email!);
    const token = tokenOf(mail, '/reset_password');
    const reset = await call(t, undefined, '/api/reset_password', { token, password: 'frisches Passwort' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await call(t, undefined, '/api/login', { username: p.username, password: 'frisches Passwort' }))
        .statusCode,
    ).toBe(200);
  });

  it('a reset link needs an address (400) and a working mail server (502)', async () => {
    const noMail = await person({ email: null });
    const none = await adminCall('send_reset_link', { user_id: noMail.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(EMAIL_FLOW_ERRORS.accountHasNoEmail);
    const refused = await person({ email: `reject.${Date.now()}@example.org` });
    const failed = await adminCall('send_reset_link', { user_id: refused.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ title: ERROR_TITLES.mailFailed, msg: EMAIL_FLOW_ERRORS.resetMailFailed });
    expect((await adminCall('expire_password', { user_id: 999_999 })).statusCode).toBe(404);
  });
});

describe('delete_user', () => {
  it("transfers the account's dialogs to the chosen owner, never loses them, and removes memberships", async () => {
    const leaving = await person();
    const heir = await person();
    const colleague = await person();
    const own = await newDialog(t, leaving.token, 'Bleibt erhalten');
    await addMember(t, own, heir.id, 'analyse');
    await addMember(t, own, colleague.id, 'train');
    const foreign = await newDialog(t, colleague.token);
    await addMember(t, foreign, leaving.id, 'full');

    const missing = await adminCall('delete_user', { user_id: leaving.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(ADMIN_ERRORS.transferRequired);
    expect(
      (await adminCall('delete_user', { user_id: leaving.id, transfer_to_user_id: leaving.id })).statusCode,
    ).toBe(400);
    expect(
      (await adminCall('delete_user', { user_id: leaving.id, transfer_to_user_id: 999_999 })).statusCode,
    ).toBe(400);

    const res = await adminCall('delete_user', { user_id: leaving.id, transfer_to_user_id: heir.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: 'success', transferred_surveys: 1 });

    const asHeir = await call(t, heir.token, '/api/get_dialog_permissions', { survey_id: own });
    expect(asHeir.json().roles_current_survey_id.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'train',
    ]);
    expect(asHeir.json().roles_current_survey_id[0].is_current_user).toBe(true);
    expect(
      (await call(t, heir.token, '/api/get_survey_data_configurator', { survey_id: own })).json().survey_name,
    ).toBe('Bleibt erhalten');
    const foreignList = await call(t, colleague.token, '/api/get_dialog_permissions', { survey_id: foreign });
    expect(foreignList.json().roles_current_survey_id).toHaveLength(1);
    expect((await call(t, leaving.token, '/api/get_survey_list')).statusCode).toBe(401);
    expect((await adminCall('list_users', { search: leaving.username })).json().total).toBe(0);
  });

  it('an account without dialogs needs no heir; an admin cannot delete themselves', async () => {
    const p = await person();
    expect((await adminCall('delete_user', { user_id: p.id })).json()).toMatchObject({
      transferred_surveys: 0,
    });
    const self = await adminCall('delete_user', { user_id: admin.id, transfer_to_user_id: p.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(ADMIN_ERRORS.notYourself);
    expect((await adminCall('delete_user', { user_id: p.id })).statusCode).toBe(404);
  });
});
