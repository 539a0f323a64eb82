import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { addMember, authorSession, call, type Session } from '../test/dialogs.ts';
import { startMailbox, type TestMailbox, tokenOf } from '../test/smtp.ts';

/**
 * The audit entries audit.test.ts leaves out (issue 24): API keys made, used and revoked, an e-mail
 * change to its confirmation, a respondent deleted with data, an accepted invitation; and who sees them:
 * the dialog's owner and admins, no other member whatever their role.
 */
let t: TestApp;
let mailbox: TestMailbox;
let admin: Session;
let owner: Session;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://dialoge.example.org' });
  const a = await createAuthor(t, { isAdmin: true });
  admin = { id: a.id, username: a.username, token: (await loginAs(t, a.username, a.password)).token };
  owner = await authorSession(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function entries(token: string, path: string, body: object = {}): Promise<AuditEntry[]> {
  const res = await call(t, token, path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

const actionsOf = (list: AuditEntry[]) => list.map((e) => e.action);

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

    const mine = (await entries(admin.token, '/api/audit/list', { actor: owner.username })).filter((e) =>
      e.action.startsWith('api_key_'),
    );
    expect(actionsOf(mine)).toEqual(['api_key_revoked', 'api_key_used', 'api_key_used', 'api_key_created']);
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
    expect(actionsOf(await entries(owner.token, '/api/audit/dialog', { survey_id: surveyId }))).toEqual([
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

    const list = await entries(admin.token, '/api/audit/list', { actor: author.username });
    expect(actionsOf(list)).toEqual(['email_confirmed', 'email_change_requested', 'login_succeeded']);
    expect(list[0]).toMatchObject({ actor_id: author.id, details: { email: address } });
    expect(list[1]).toMatchObject({ actor_id: author.id, details: { email: address } });
    expect(JSON.stringify(list)).not.toContain(link);
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

    const list = await entries(owner.token, '/api/audit/dialog', { survey_id: surveyId });
    expect(actionsOf(list)).toEqual(['invitation_accepted', 'invitation_sent', 'respondent_deleted']);
    expect(list[0]).toMatchObject({ actor_id: invitee.id, survey_id: surveyId });
    expect(list[2]).toMatchObject({ actor_id: owner.id, details: { session_id: sessionId } });
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
      expect(await entries(member.token, '/api/audit/list', { survey_id: surveyId })).toEqual([]);
      const csv = await call(t, member.token, '/api/audit/export', { survey_id: surveyId });
      expect(
        csv.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(1);
    }
    expect(actionsOf(await entries(owner.token, '/api/audit/list', { survey_id: surveyId }))).toContain(
      'respondent_deleted',
    );
    expect(actionsOf(await entries(admin.token, '/api/audit/list', { survey_id: surveyId }))).toContain(
      'respondent_deleted',
    );
  });
});
