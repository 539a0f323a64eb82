import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import { endpoints } from '../../contract/endpoints/index.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { addMember, authorSession, call, newDialog, type Session, setField } from '../test/dialogs.ts';
import { startMailbox, type TestMailbox, tokenOf } from '../test/smtp.ts';

/**
 * The audit log (issue 24): what each action writes (sign-ins, password and e-mail changes, sharing,
 * exports, deletions, API keys made, used and revoked), and who sees it: a dialog's owner and admins,
 * no other member whatever their role.
 */
let t: TestApp;
let admin: Session;
let owner: Session;
let other: Session;
let mailbox: TestMailbox;

beforeAll(async () => {
  // A real mail server: the e-mail change is confirmed with the link it receives.
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://dialoge.example.org' });
  const a = await createAuthor(t, { isAdmin: true });
  admin = { id: a.id, username: a.username, token: (await loginAs(t, a.username, a.password)).token };
  owner = await authorSession(t);
  other = await authorSession(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function list(token: string, body: object = {}) {
  const res = await call(t, token, '/api/audit/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: AuditEntry[]; next_before_id: number | null };
}

const actions = (entries: AuditEntry[]) => entries.map((e) => e.action);

async function dialogEntries(token: string, body: { survey_id: string }): Promise<AuditEntry[]> {
  const res = await call(t, token, '/api/audit/dialog', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

describe('audit entries', () => {
  it('records failed and successful sign-ins with the name tried and the address; only admins see them', async () => {
    const author = await createAuthor(t);
    await call(t, undefined, '/api/login', { username: author.username, password: 'falsch-falsch' });
    await loginAs(t, author.username, author.password);
    const { entries } = await list(admin.token, { actor: author.username });
    expect(actions(entries)).toEqual(['login_succeeded', 'login_failed']);
    expect(entries[0]).toMatchObject({
      actor_id: author.id,
      actor_name: author.username,
      address: '127.0.0.1',
    });
    expect(entries[1]).toMatchObject({ actor_name: author.username, details: { status: 401 } });
    expect(JSON.stringify(entries)).not.toContain('falsch-falsch');
    expect((await list(other.token, { actor: author.username })).entries).toEqual([]);
  });

  it('records a password change, without the password', async () => {
    const author = await createAuthor(t);
    const { token } = await loginAs(t, author.username, author.password);
    const res = await call(t, token, '/api/change_password', {
      current_password: author.password,
      new_password: 'ganz-neues-passwort',
    });
    expect(res.statusCode).toBe(200);
    const { entries } = await list(admin.token, { actor: author.username, action: 'password_changed' });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe(author.id);
    expect(JSON.stringify(entries[0])).not.toContain('ganz-neues-passwort');
  });

  it("records role changes, removals and a dialog's deletion; the owner sees them, others do not", async () => {
    const sid = await newDialog(t, owner.token, 'Protokolliert');
    const member = await createAuthor(t);
    await addMember(t, sid, member.id, 'analyse');
    const memberName = `member${member.id}@example.org`;
    expect(
      (
        await call(t, owner.token, '/api/change_permission_user', {
          survey_id: sid,
          name: memberName,
          new_role: 'train',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(t, owner.token, '/api/delete_sharing_user', { survey_id: sid, name: memberName }))
        .statusCode,
    ).toBe(200);
    const invite = await call(t, owner.token, '/api/invite_user', {
      survey_id: sid,
      name: 'neu@example.org',
      new_role: 'analyse',
    });
    expect([200, 502]).toContain(invite.statusCode);
    const ownView = await call(t, owner.token, '/api/audit/dialog', { survey_id: sid });
    expect(ownView.statusCode).toBe(200);
    expect(actions(ownView.json().entries)).toEqual(['invitation_sent', 'member_removed', 'role_changed']);
    expect(ownView.json().entries[2]).toMatchObject({
      actor_id: owner.id,
      actor_name: owner.username,
      survey_id: sid,
      details: { name: memberName, new_role: 'train' },
    });

    expect((await call(t, other.token, '/api/audit/dialog', { survey_id: sid })).statusCode).toBe(404);
    expect((await list(other.token, { survey_id: sid })).entries).toEqual([]);

    expect((await call(t, owner.token, '/api/delete_survey', { survey_id: sid })).statusCode).toBe(200);
    // The dialog is gone; its entries, and the owner's view of them, stay.
    const after = await list(owner.token, { survey_id: sid });
    expect(actions(after.entries)).toEqual([
      'dialog_deleted',
      'invitation_sent',
      'member_removed',
      'role_changed',
    ]);
    expect(actions((await list(admin.token, { survey_id: sid })).entries)).toHaveLength(4);
  });

  it('records exports and respondent deletions', async () => {
    const sid = await newDialog(t, owner.token, 'Export');
    expect((await call(t, owner.token, '/api/excel_export', { survey_id: sid })).statusCode).toBe(200);
    await call(t, owner.token, '/api/analytics/delete_respondent', {
      survey_id: sid,
      session_id: 2_000_000_000,
    });
    const { entries } = await list(owner.token, { survey_id: sid });
    // The deletion of a respondent that does not exist (404) did nothing and writes nothing.
    expect(actions(entries)).toEqual(['export']);
    expect(entries[0]!.actor_id).toBe(owner.id);
  });

  it('pages, filters by time and exports CSV with the same visibility', async () => {
    const first = await list(admin.token, { limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.next_before_id).toBe(first.entries[1]!.id);
    const second = await list(admin.token, { limit: 2, before_id: first.next_before_id! });
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    expect((await list(admin.token, { from: t.clock.now + 1 })).entries).toEqual([]);

    const csv = await call(t, admin.token, '/api/audit/export', { action: 'login_failed' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,time,actor_id,actor,address,action,dialog,details');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',login_failed,'))).toBe(true);
    const foreign = await call(t, other.token, '/api/audit/export', {});
    expect(
      foreign.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('offers no call that changes or deletes an entry', () => {
    const auditCalls = Object.values(endpoints).filter((e) => e.path.startsWith('/api/audit/'));
    expect(auditCalls.map((e) => e.path).sort()).toEqual([
      '/api/audit/dialog',
      '/api/audit/export',
      '/api/audit/list',
    ]);
  });
});

/** A live dialog of the owner with one respondent who answered; its session id as Analyse lists it. */
async function dialogWithRespondent() {
  const dialog = await createChatDialog(t, [{ id: 'age', type: 'number', context: 'Alter?' }], {
    ownerId: owner.id,
  });
  const { token_live: live } = await registerLive(t, dialog.surveyId);
  const start = await chatOk(t, live, '/api/chat/start', { survey_id: dialog.surveyId });
  await chatOk(t, live, '/api/chat/answer', {
    survey_id: dialog.surveyId,
    unique_question_id: start.input!.unique_question_id,
    turn: start.input!.turn,
    answer: '42',
  });
  const respondents = await call(t, owner.token, '/api/analytics/respondents', {
    survey_id: dialog.surveyId,
  });
  expect(respondents.statusCode, respondents.body).toBe(200);
  return { surveyId: dialog.surveyId, sessionId: respondents.json().rows[0].session_id as number };
}

describe('audit entries of API keys', () => {
  it('records a key made and revoked, and its use once per key and minute, never its secret', async () => {
    const { surveyId } = await dialogWithRespondent();
    const made = await call(t, owner.token, '/api/create_api_key', {
      name: 'Auswertung',
      scopes: ['read'],
      expires_in_days: 30,
    });
    expect(made.statusCode).toBe(200);
    const { key, secret } = made.json() as { key: { id: number; hint: string }; secret: string };

    // A script's calls in one minute: one entry; the next minute's first call: another.
    for (let i = 0; i < 3; i++) {
      expect((await call(t, secret, '/api/analytics/summary', { survey_id: surveyId })).statusCode).toBe(200);
    }
    t.clock.now += 60_000;
    expect((await call(t, secret, '/api/analytics/summary', { survey_id: surveyId })).statusCode).toBe(200);
    expect((await call(t, owner.token, '/api/revoke_api_key', { id: key.id })).statusCode).toBe(200);
    // A revoked key is refused and its refusal is no use.
    expect((await call(t, secret, '/api/analytics/summary', { survey_id: surveyId })).statusCode).toBe(401);

    const mine = (await list(admin.token, { actor: owner.username })).entries.filter((e) =>
      e.action.startsWith('api_key_'),
    );
    expect(actions(mine)).toEqual(['api_key_revoked', 'api_key_used', 'api_key_used', 'api_key_created']);
    expect(mine[3]).toMatchObject({
      actor_id: owner.id,
      details: { name: 'Auswertung', scopes: ['read'], expires_in_days: 30, key_id: key.id, hint: key.hint },
    });
    expect(mine[2]).toMatchObject({
      actor_id: owner.id,
      survey_id: surveyId,
      details: { key_id: key.id, path: '/api/analytics/summary', status: 200 },
    });
    expect(mine[0]!.details).toMatchObject({ key_id: key.id, name: 'Auswertung' });
    expect(JSON.stringify(mine)).not.toContain(secret);
    // The uses on the owner's dialog are in the owner's view of it.
    expect(actions(await dialogEntries(owner.token, { survey_id: surveyId }))).toEqual([
      'api_key_used',
      'api_key_used',
    ]);
  });
});

describe('audit entries of accounts and data', () => {
  it('records an e-mail change from the request to its confirmation, under the account', async () => {
    const author = await createAuthor(t, { firstName: 'Erika' });
    const { token } = await loginAs(t, author.username, author.password);
    const address = `neu.${Date.now()}@example.org`;
    expect((await call(t, token, '/api/request_email_validation', { email: address })).statusCode).toBe(200);
    const link = tokenOf(await mailbox.next(address), '/email_validation');
    expect((await call(t, undefined, '/api/confirm_email', { token: link })).statusCode).toBe(200);

    const found = (await list(admin.token, { actor: author.username })).entries;
    expect(actions(found)).toEqual(['email_confirmed', 'email_change_requested', 'login_succeeded']);
    expect(found[0]).toMatchObject({ actor_id: author.id, details: { email: address } });
    expect(found[1]).toMatchObject({ actor_id: author.id, details: { email: address } });
    expect(JSON.stringify(found)).not.toContain(link);
  });

  it("records a respondent's deletion with the session; an invitation accepted by its invitee", async () => {
    const { surveyId, sessionId } = await dialogWithRespondent();
    const deleted = await call(t, owner.token, '/api/analytics/delete_respondent', {
      survey_id: surveyId,
      session_id: sessionId,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const invitee = await authorSession(t);
    const invited = await call(t, owner.token, '/api/invite_user', {
      survey_id: surveyId,
      name: `${invitee.username}@example.org`,
      new_role: 'analyse',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accepted = await call(t, invitee.token, '/api/accept_invitation', { survey_id: surveyId });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const found = await dialogEntries(owner.token, { survey_id: surveyId });
    expect(actions(found)).toEqual(['invitation_accepted', 'invitation_sent', 'respondent_deleted']);
    expect(found[0]).toMatchObject({ actor_id: invitee.id, survey_id: surveyId });
    expect(found[2]).toMatchObject({ actor_id: owner.id, details: { session_id: sessionId } });
  });
});

describe('audit entries of versions', () => {
  it('records a version published with its note, a restore with its undo, a mode changed from and to', async () => {
    const { surveyId } = await createChatDialog(t, [{ id: 'q', type: 'open_text', context: 'Warum?' }], {
      ownerId: owner.id,
    });
    const ok = async <T>(url: string, body: object): Promise<T> => {
      const res = await call(t, owner.token, url, { survey_id: surveyId, ...body });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json() as T;
    };
    await ok('/api/set_version_mode', { mode: 'publish' });
    // The mode it already has: nothing changed, nothing recorded.
    await ok('/api/set_version_mode', { mode: 'publish' });
    expect(
      (await setField(t, owner.token, surveyId, blockId('q', surveyId), 'context', 'Wieso?')).statusCode,
    ).toBe(200);
    const published = await ok<{ version: { number: number } }>('/api/publish_version', {
      note: '  Frage umformuliert ',
    });
    expect(published.version.number).toBe(2);
    const restored = await ok<{ undo_version: number }>('/api/restore_version', { number: 1 });
    // A version that does not exist (404) restores nothing and writes nothing.
    expect(
      (await call(t, owner.token, '/api/restore_version', { survey_id: surveyId, number: 99 })).statusCode,
    ).toBe(404);
    await ok('/api/set_version_mode', { mode: 'direct' });

    const found = await dialogEntries(owner.token, { survey_id: surveyId });
    expect(actions(found)).toEqual([
      'version_mode_changed',
      'version_restored',
      'version_published',
      'version_mode_changed',
    ]);
    expect(found.every((e) => e.actor_id === owner.id && e.survey_id === surveyId)).toBe(true);
    expect(found.map((e) => e.details)).toEqual([
      { mode: 'direct', previous_mode: 'publish' },
      { number: 1, undo_version: restored.undo_version },
      { number: 2, note: 'Frage umformuliert' },
      { mode: 'publish', previous_mode: 'direct' },
    ]);
    expect(
      (await list(admin.token, { survey_id: surveyId, action: 'version_restored' })).entries,
    ).toHaveLength(1);
  });
});

describe('who sees the entries', () => {
  it("a dialog's members, whatever their role, see none of its entries; the owner and admins do", async () => {
    const { surveyId, sessionId } = await dialogWithRespondent();
    expect(
      (
        await call(t, owner.token, '/api/analytics/delete_respondent', {
          survey_id: surveyId,
          session_id: sessionId,
        })
      ).statusCode,
    ).toBe(200);
    for (const role of ['full', 'edit_train', 'train', 'analyse'] as const) {
      const member = await authorSession(t);
      await addMember(t, surveyId, member.id, role);
      // The dialog's log is the owner's ('owner' need: 403 for members), the whole log shows them nothing.
      expect((await call(t, member.token, '/api/audit/dialog', { survey_id: surveyId })).statusCode).toBe(
        403,
      );
      expect((await list(member.token, { survey_id: surveyId })).entries).toEqual([]);
      const csv = await call(t, member.token, '/api/audit/export', { survey_id: surveyId });
      expect(
        csv.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(1);
    }
    expect(actions((await list(owner.token, { survey_id: surveyId })).entries)).toContain(
      'respondent_deleted',
    );
    expect(actions((await list(admin.token, { survey_id: surveyId })).entries)).toContain(
      'respondent_deleted',
    );
  });
});
