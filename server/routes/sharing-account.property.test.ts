import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ASSIGNABLE_ROLES } from '../../contract/roles.ts';
import { createMagicLink } from '../auth/magic-links.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { expectNoServerErrors, junkString, text } from '../test/arbitraries.ts';
import { addMember, internalId, liveToken, newDialog } from '../test/dialogs.ts';

/** Property: no body, header or token sent to a sharing, account or admin call gives a 5xx (issue 5). */

let t: TestApp;
let dataDir: string;
const real = {
  surveyIds: [] as string[],
  names: [] as string[],
  tokens: [] as string[],
  links: [] as string[],
  userIds: [] as number[],
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-sharing-prop-'));
  // Random names must not end the run in 429s before the deeper paths are reached.
  t = await createTestApp({
    DATA_DIR: dataDir,
    LOGIN_MAX_FAILURES: '1000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    MAIL_MAX_PER_WINDOW: '1000',
  });
  const password = 'correct horse battery';
  const owner = await createAuthor(t, { username: 'Prop_Owner' });
  const member = await createAuthor(t, { username: 'Prop_Member', email: 'prop.member@example.org' });
  const admin = await createAuthor(t, { username: 'Prop_Admin', isAdmin: true });
  const ownerToken = (await loginAs(t, owner.username, password)).token;
  real.userIds.push(owner.id, member.id, admin.id);
  for (let i = 0; i < 2; i++) {
    const sid = await newDialog(t, ownerToken);
    real.surveyIds.push(sid);
    await addMember(t, sid, member.id, ASSIGNABLE_ROLES[i]!);
    real.names.push(`member${member.id}@example.org`);
    await t.database.db
      .insertInto('members')
      .values({
        survey_id: await internalId(t, sid),
        name: `offen${i}@example.org`,
        user_id: i === 0 ? member.id : null,
        role: 'train',
        created_at: t.clock.now,
      })
      .execute();
    real.names.push(`offen${i}@example.org`);
  }
  await t.database.db
    .updateTable('surveys')
    .set({ active: 1 })
    .where('survey_id', '=', real.surveyIds[0]!)
    .execute();
  real.tokens = [
    ownerToken,
    (await loginAs(t, member.username, password)).token,
    (await loginAs(t, admin.username, password)).token,
    await liveToken(t, real.surveyIds[0]!),
  ];
  for (const purpose of ['invitation', 'email_validation', 'password_reset', 'registration'] as const) {
    real.links.push(
      await createMagicLink(t.database.db, {
        purpose,
        email: 'prop.member@example.org',
        userId: purpose === 'registration' ? null : member.id,
        surveyId: purpose === 'invitation' ? await internalId(t, real.surveyIds[0]!) : null,
        now: t.clock.now,
      }),
    );
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const realOr = <T>(values: () => T[], other: fc.Arbitrary<T>) =>
  fc.oneof(fc.constantFrom(...values()), other);
const surveyId = () => realOr(() => real.surveyIds, text(1, 64));
const email = () =>
  fc.oneof(
    fc.emailAddress(),
    fc.constantFrom(...real.names, 'prop.member@example.org', ' A@B.DE ', 'a@b', ''),
    text(0, 260),
  );
const role = () => fc.oneof(fc.constantFrom(...ASSIGNABLE_ROLES, 'owner', ''), junkString);
const memberName = () => realOr(() => real.names, text(1, 260));
const link = () => realOr(() => real.links, text(1, 200));
const userId = () =>
  fc.oneof(fc.constantFrom(...real.userIds), fc.integer({ min: -5, max: 3_000_000_000 }), fc.double());

const calls: { url: string; fields: () => Record<string, fc.Arbitrary<unknown>> }[] = [
  { url: '/api/get_dialog_permissions', fields: () => ({ survey_id: surveyId() }) },
  { url: '/api/invite_user', fields: () => ({ survey_id: surveyId(), name: email(), new_role: role() }) },
  {
    url: '/api/resend_invite',
    fields: () => ({ survey_id: surveyId(), name: memberName(), new_role: role() }),
  },
  {
    url: '/api/change_permission_user',
    fields: () => ({ survey_id: surveyId(), name: memberName(), new_role: role() }),
  },
  { url: '/api/delete_sharing_user', fields: () => ({ survey_id: surveyId(), name: memberName() }) },
  { url: '/api/get_pending_invitations', fields: () => ({}) },
  { url: '/api/accept_invitation', fields: () => ({ survey_id: surveyId() }) },
  { url: '/api/decline_invitation', fields: () => ({ survey_id: surveyId() }) },
  { url: '/api/accept_invitation_link', fields: () => ({ magic_link: link() }) },
  { url: '/api/get_account', fields: () => ({}) },
  {
    url: '/api/update_account',
    fields: () => ({
      first_name: text(0, 120),
      last_name: text(0, 120),
      language: fc.constantFrom('de', 'en', 'fr'),
    }),
  },
  {
    url: '/api/change_password',
    fields: () => ({
      current_password: realOr(() => ['correct horse battery'], text(1, 1000)),
      new_password: text(10, 1000),
    }),
  },
  { url: '/api/logout_everywhere', fields: () => ({}) },
  { url: '/api/request_email_validation', fields: () => ({ email: email() }) },
  { url: '/api/confirm_email', fields: () => ({ token: link() }) },
  {
    url: '/api/request_password_reset',
    fields: () => ({
      username_or_email: realOr(() => ['Prop_Member', 'prop.member@example.org'], text(1, 260)),
    }),
  },
  { url: '/api/reset_password', fields: () => ({ token: link(), password: text(10, 1000) }) },
  {
    url: '/api/admin/list_users',
    fields: () => ({
      search: fc.oneof(text(0, 210), fc.constantFrom('%', '_', '\\', "'", 'prop')),
      offset: fc.oneof(fc.integer({ min: -1, max: 2_000_000_000 }), fc.double()),
      limit: fc.integer({ min: -1, max: 300 }),
    }),
  },
  {
    url: '/api/admin/create_user',
    fields: () => ({
      username: realOr(() => ['prop_owner', 'Prop_Admin'], text(1, 210)),
      first_name: text(1, 110),
      last_name: text(1, 110),
      email: email(),
      password: text(10, 1000),
      is_admin: fc.boolean(),
    }),
  },
  { url: '/api/admin/set_disabled', fields: () => ({ user_id: userId(), disabled: fc.boolean() }) },
  { url: '/api/admin/expire_password', fields: () => ({ user_id: userId() }) },
  { url: '/api/admin/send_reset_link', fields: () => ({ user_id: userId() }) },
  { url: '/api/admin/delete_user', fields: () => ({ user_id: userId(), transfer_to_user_id: userId() }) },
];

describe('sharing, account and admin calls under random input', () => {
  it.each(calls)('POST $url never answers 5xx', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), [...real.tokens, ...real.links], 80);
  });
});
