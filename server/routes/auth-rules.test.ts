import { describe, expect, it } from 'vitest';
import { insertUser } from '../accounts/queries.ts';
import { createMagicLink } from '../auth/magic-links.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { bearer, createAuthor, loginAs } from '../test/app.ts';
import { createSurvey } from '../test/factories.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const countParticipants = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('participants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let linkCounter = 0;
async function newLink() {
  linkCounter += 1;
  const email = `invite${linkCounter}_${Date.now()}@example.org`;
  const token = await createMagicLink(t.database.db, { purpose: 'registration', email, now: t.clock.now });
  return { token, email };
}

const registration = (magic_link: string, username: string) => ({
  username,
  firstName: 'Rita',
  lastName: 'Rahn',
  password: 'a long enough password',
  magic_link,
});

describe('register_live_list', () => {
  it('registers one participant for several dialogs', async () => {
    const [a, b] = [await createSurvey(t), await createSurvey(t)];
    const before = await countParticipants();
    const res = await post('/api/register_live_list', {
      survey_id_list: [a.surveyId, b.surveyId, a.surveyId],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user_id: expect.any(Number) });
    expect(body.username_live).toMatch(/^live_/);
    expect(await countParticipants()).toBe(before + 1);
    const verify = await post('/api/verify-token', undefined, bearer(body.token_live));
    expect(verify.json()).toMatchObject({ kind: 'live', user_id: body.user_id });
  });

  it('answers 404 and registers nobody when one dialog is unknown', async () => {
    const a = await createSurvey(t);
    const before = await countParticipants();
    const res = await post('/api/register_live_list', { survey_id_list: [a.surveyId, 'no-such-dialog'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('not_found');
    expect(await countParticipants()).toBe(before);
  });

  it('an empty list is a validation error', async () => {
    const res = await post('/api/register_live_list', { survey_id_list: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('validation_error');
  });

  it('each register_live call is a new participant with its own credentials', async () => {
    const a = await createSurvey(t);
    const first = (await post('/api/register_live', { survey_id: a.surveyId })).json();
    const second = (await post('/api/register_live', { survey_id: a.surveyId })).json();
    expect(second.user_id).not.toBe(first.user_id);
    expect(second.username_live).not.toBe(first.username_live);
  });
});

describe('secrets at rest', () => {
  it('passwords are argon2id hashes', async () => {
    const author = await createAuthor(t);
    const { token } = await newLink();
    expect((await post('/api/magic_link_registration', registration(token, 'argon_check'))).statusCode).toBe(
      200,
    );
    const rows = await t.database.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('username', 'in', [author.username, 'argon_check'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
  });

  it('refresh tokens and link tokens are stored as hashes only', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const live = (await post('/api/register_live', { survey_id: (await createSurvey(t)).surveyId })).json();
    const link = await newLink();
    const raw = [session.refresh_token, live.refresh_token_live, link.token];

    const refreshHashes = (
      await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute()
    ).map((r) => r.token_hash);
    const linkHashes = (await t.database.db.selectFrom('magic_links').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    const stored = [...refreshHashes, ...linkHashes];
    for (const token of raw) {
      expect(stored.some((h) => h.includes(token))).toBe(false);
    }
    expect(refreshHashes).toContain(hashOpaqueToken(session.refresh_token));
    expect(refreshHashes).toContain(hashOpaqueToken(live.refresh_token_live));
    expect(linkHashes).toContain(hashOpaqueToken(link.token));
  });
});

describe('magic link used twice at the same time', () => {
  it('exactly one registration succeeds, with different usernames', async () => {
    const link = await newLink();
    const results = await Promise.all([
      post('/api/magic_link_registration', registration(link.token, 'race_one')),
      post('/api/magic_link_registration', registration(link.token, 'race_two')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(loser.json().title).toBe('invalid_link');
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', link.email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('exactly one registration succeeds, with the same username', async () => {
    const link = await newLink();
    const results = await Promise.all([
      post('/api/magic_link_registration', registration(link.token, 'race_same')),
      post('/api/magic_link_registration', registration(link.token, 'race_same')),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
  });
});

describe('usernames are unique regardless of case', () => {
  it('registration refuses another case of an existing username', async () => {
    const author = await createAuthor(t, { username: 'Grete_Case' });
    const { token } = await newLink();
    for (const username of ['grete_case', 'GRETE_CASE']) {
      const res = await post('/api/magic_link_registration', registration(token, username));
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe('Username already exists');
    }
    expect((await loginAs(t, 'gReTe_cAsE', author.password)).user_id).toBe(author.id);
  });

  it('holds for letters beyond ASCII, and login takes any case of them', async () => {
    const author = await createAuthor(t, { username: 'Ärger_Öl' });
    const { token } = await newLink();
    const res = await post('/api/magic_link_registration', registration(token, 'äRGER_öL'));
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Username already exists');
    for (const username of ['Ärger_Öl', 'ärger_öl', 'ÄRGER_ÖL']) {
      expect((await loginAs(t, username, author.password)).user_id).toBe(author.id);
    }
  });

  it('the database itself refuses a second case of a username', async () => {
    await createAuthor(t, { username: 'Dora_Db' });
    const insert = (username: string) =>
      insertUser(t.database.db, {
        username,
        email: null,
        emailVerified: false,
        firstName: 'D',
        lastName: 'B',
        passwordHash: 'x',
        isAdmin: false,
        now: t.clock.now,
      });
    await expect(insert('DORA_DB')).rejects.toThrow();
    await expect(insert('dora_db')).rejects.toThrow();
  });

  it('two registrations racing for one name in different cases: one wins, never a 500', async () => {
    const [a, b] = [await newLink(), await newLink()];
    const results = await Promise.all([
      post('/api/magic_link_registration', registration(a.token, 'Paula_Race')),
      post('/api/magic_link_registration', registration(b.token, 'PAULA_RACE')),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
  });
});
