import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import { endpoints } from '../../contract/endpoints/index.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { addMember, authorSession, call, newDialog, type Session } from '../test/dialogs.ts';

/** The audit log: what each action writes, and who sees it (issue 24). */
let t: TestApp;
let admin: Session;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createAuthor(t, { isAdmin: true });
  admin = { id: a.id, username: a.username, token: (await loginAs(t, a.username, a.password)).token };
  owner = await authorSession(t);
  other = await authorSession(t);
});
afterAll(() => t.close());

async function list(token: string, body: object = {}) {
  const res = await call(t, token, '/api/audit/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: AuditEntry[]; next_before_id: number | null };
}

const actions = (entries: AuditEntry[]) => entries.map((e) => e.action);

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
