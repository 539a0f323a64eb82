import { describe, expect, it } from 'vitest';
import { NOT_CURRENT_QUESTION_MSG } from '../../contract/chat.ts';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { authorSession, call, createManager } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** The multichat calls and the inbound waitAPI call, played through the API on a small game. */

const t = appForFile({ LIVE_REGISTRATIONS_PER_ADDRESS: '1000' });
const owner = authorForFile(t);

const choice = (id: string, context: string) => ({
  id,
  type: 'single_choice' as const,
  context,
  options: ['Ok'],
});
const settings = { welcome: '', ending: '' };

interface World {
  manager: number;
  a: string;
  b: string;
  c: string;
  waitApi: { id: number; secret: string };
  sids: string[];
}

/** A: moveTo B, waitFor B, waitAPI back into A; B: two blocks; C: one question (never reached by a trigger). */
async function world(): Promise<World> {
  const opts = { ownerId: owner.id, settings };
  const a = (
    await createChatDialog(
      t,
      [
        { id: 'a1', type: 'message', context: 'A1' },
        choice('a2', 'A2?'),
        choice('a3', 'A3?'),
        { id: 'a4', type: 'message', context: 'A4 warte' },
        { id: 'a5', type: 'message', context: 'A5' },
        choice('a6', 'A6?'),
      ],
      opts,
    )
  ).surveyId;
  const b = (
    await createChatDialog(t, [{ id: 'b1', type: 'message', context: 'B1' }, choice('b2', 'B2?')], opts)
  ).surveyId;
  const c = (await createChatDialog(t, [choice('c1', 'C1?')], opts)).surveyId;
  const manager = await createManager(t, owner.token, 'Spiel', [a, b, c]);
  const trigger = async (from: [string, string], type: string, to: [string, string], init = false) => {
    const res = await call(t, owner.token, '/api/create_trigger', {
      dialog_manager_id: manager,
      survey_id: from[0],
      unique_question_id: blockId(from[1], from[0]),
      trigger: `${type};${to[0]};${blockId(to[1], to[0])}`,
      init_survey: init,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; api_secret?: string };
  };
  await trigger([a, 'a2'], 'moveTo', [b, 'b1'], true);
  await trigger([a, 'a3'], 'waitFor', [b, 'b2']);
  const api = await trigger([a, 'a4'], 'waitAPI', [a, 'a5']);
  return { manager, a, b, c, waitApi: { id: api.id, secret: api.api_secret! }, sids: [a, b, c] };
}

async function registerList(sids: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_live_list',
    payload: { survey_id_list: sids },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token_live: string; username_live: string };
}

async function ok(token: string, path: string, payload: object): Promise<MultichatTurnResponse> {
  const res = await call(t, token, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function answerBody(w: World, r: MultichatTurnResponse, answer: unknown = 'Ok') {
  const input = r.input!;
  return {
    dialog_manager_id: w.manager,
    survey_id: input.survey_id,
    unique_question_id: input.unique_question_id,
    nachfrage_id: input.nachfrage_id,
    turn: input.turn,
    answer,
  };
}

const said = (r: MultichatTurnResponse) =>
  r.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context);

function release(w: World, body: object, secret: string | null = w.waitApi.secret, id = w.waitApi.id) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trigger_api/${id}`,
    payload: body,
    headers: secret === null ? {} : { 'x-trigger-secret': secret },
  });
}

describe('multichat: a live participant plays the game to its end', () => {
  it('moveTo, waitFor, waitAPI (released by the inbound call while /wait waits), history, stale answers', async () => {
    const w = await world();
    const live = await registerList(w.sids);
    const token = live.token_live;

    const notBegun = await call(t, token, '/api/multichat/history', { dialog_manager_id: w.manager });
    expect(notBegun.statusCode).toBe(404);

    let r = await ok(token, '/api/multichat/start', { dialog_manager_id: w.manager });
    expect(said(r)).toEqual(['A1', 'A2?']);
    expect(r.input).toMatchObject({ survey_id: w.a, unique_question_id: blockId('a2', w.a) });
    expect(r.after_id).toBe(r.messages.at(-1)!.id);
    // A second start (reload, double click) returns the game as it is.
    expect(await ok(token, '/api/multichat/start', { dialog_manager_id: w.manager })).toEqual(r);

    const first = answerBody(w, r);
    r = await ok(token, '/api/multichat/answer', first);
    expect(said(r)).toEqual(['B1', 'B2?']);
    expect(r.messages[0]).toMatchObject({ user_or_bot: 'user', context: 'Ok', survey_id: w.a });
    expect(r.messages.filter((m) => m.user_or_bot === 'bot').every((m) => m.survey_id === w.b)).toBe(true);
    expect(r.input?.survey_id).toBe(w.b);

    // The same answer again: stale.
    const stale = await call(t, token, '/api/multichat/answer', first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(NOT_CURRENT_QUESTION_MSG);

    r = await ok(token, '/api/multichat/answer', answerBody(w, r));
    expect(said(r)).toEqual(['A3?']);
    r = await ok(token, '/api/multichat/answer', answerBody(w, r));
    expect(said(r)).toEqual(['A4 warte']);
    expect(r).toMatchObject({ input: null, waiting: true, finished: false });
    const waitingAt = r.after_id;

    // Not waiting for another trigger; wrong secrets; unknown participant.
    expect((await release(w, { username_live: live.username_live }, 'falsch')).statusCode).toBe(401);
    expect((await release(w, { username_live: live.username_live }, null)).statusCode).toBe(401);
    expect((await release(w, { username_live: 'live_unbekannt' })).statusCode).toBe(404);
    expect(
      (await release(w, { username_live: live.username_live }, w.waitApi.secret, 999_999)).statusCode,
    ).toBe(404);

    // Nothing new yet: /wait holds until the inbound call lets the game go on.
    const waiting = call(t, token, '/api/multichat/wait', {
      dialog_manager_id: w.manager,
      after_id: waitingAt,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const released = await release(w, { username_live: live.username_live });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ msg: 'success' });
    const woke = await waiting;
    expect(woke.statusCode, woke.body).toBe(200);
    r = woke.json();
    expect(said(r)).toEqual(['A5', 'A6?']);
    expect(r.waiting).toBe(false);
    expect(r.messages[0]!.id).toBeGreaterThan(waitingAt);

    // Released once only.
    expect((await release(w, { username_live: live.username_live })).statusCode).toBe(409);

    // A reload resumes: the history holds every message in one order, with the current input.
    const history = await ok(token, '/api/multichat/history', { dialog_manager_id: w.manager });
    expect(history.input).toEqual(r.input);
    expect(history.after_id).toBe(r.after_id);
    const ids = history.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(said(history)).toEqual(['A1', 'A2?', 'B1', 'B2?', 'A3?', 'A4 warte', 'A5', 'A6?']);

    // A wait with messages after after_id answers at once.
    const behind = await ok(token, '/api/multichat/wait', { dialog_manager_id: w.manager, after_id: 0 });
    expect(behind.messages).toEqual(history.messages);

    r = await ok(token, '/api/multichat/answer', answerBody(w, r));
    expect(said(r)).toEqual(['C1?']);
    r = await ok(token, '/api/multichat/answer', answerBody(w, r));
    expect(r).toMatchObject({ finished: true, input: null, waiting: false });

    const restarted = await ok(token, '/api/multichat/restart', { dialog_manager_id: w.manager });
    expect(said(restarted)).toEqual(['A1', 'A2?']);
    expect(restarted.finished).toBe(false);
    expect(await ok(token, '/api/multichat/history', { dialog_manager_id: w.manager })).toEqual(restarted);
  });

  it('an invalid answer asks again without leaving the dialog', async () => {
    const w = await world();
    const { token_live: token } = await registerList(w.sids);
    const r = await ok(token, '/api/multichat/start', { dialog_manager_id: w.manager });
    const again = await ok(token, '/api/multichat/answer', answerBody(w, r, 'Vielleicht'));
    expect(again.input?.unique_question_id).toBe(r.input?.unique_question_id);
    expect(again.input?.turn).toBe(r.input!.turn + 1);
  });
});

describe('multichat: test mode and permissions', () => {
  it('the owner plays the test game and an external system releases it by user_id', async () => {
    const w = await world();
    let r = await ok(owner.token, '/api/multichat/start', { dialog_manager_id: w.manager });
    for (let i = 0; i < 3; i++) r = await ok(owner.token, '/api/multichat/answer', answerBody(w, r));
    expect(r.waiting).toBe(true);
    expect((await release(w, { user_id: owner.id })).statusCode).toBe(200);
    r = await ok(owner.token, '/api/multichat/history', { dialog_manager_id: w.manager });
    expect(r.input?.unique_question_id).toBe(blockId('a6', w.a));
    // The single assessment chat of a connected dialog is a chat of its own, not the game's.
    const single = await call(t, owner.token, '/api/chat/start', { survey_id: w.a });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().input.unique_question_id).toBe(blockId('a2', w.a));
  });

  it('refuses callers without the right to play', async () => {
    const w = await world();
    const body = { dialog_manager_id: w.manager };
    expect((await call(t, undefined, '/api/multichat/start', body)).statusCode).toBe(401);
    const stranger = await authorSession(t);
    expect((await call(t, stranger.token, '/api/multichat/start', body)).statusCode).toBe(404);
    // A live token registered for one dialog only.
    const partial = await registerList([w.a]);
    const refused = await call(t, partial.token_live, '/api/multichat/start', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toBe('live_not_registered');
    // An inactive connected dialog.
    const live = await registerList(w.sids);
    await t.database.db.updateTable('surveys').set({ active: 0 }).where('survey_id', '=', w.c).execute();
    const inactive = await call(t, live.token_live, '/api/multichat/start', body);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().title).toBe('Dialog ist nicht mehr aktiv.');
    // An unknown manager.
    expect(
      (await call(t, live.token_live, '/api/multichat/start', { dialog_manager_id: 999_999 })).statusCode,
    ).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const w = await world();
    const cases: [string, object, string][] = [
      ['/api/multichat/start', {}, 'dialog_manager_id'],
      ['/api/multichat/start', { dialog_manager_id: 'x' }, 'dialog_manager_id'],
      ['/api/multichat/wait', { dialog_manager_id: w.manager, after_id: -1 }, 'after_id'],
      ['/api/multichat/wait', { dialog_manager_id: w.manager }, 'after_id'],
      [
        '/api/multichat/answer',
        { dialog_manager_id: w.manager, survey_id: w.a, unique_question_id: 'x', answer: {} },
        'answer',
      ],
    ];
    for (const [path, payload, field] of cases) {
      const res = await call(t, owner.token, path, payload);
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    const both = await release(w, { username_live: 'x', user_id: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toContain('username_live');
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/trigger_api/abc',
      payload: { user_id: 1 },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toContain('trigger_id');
  });

  it('a release before the game reaches the waitAPI step is a 409; without a game a 404', async () => {
    const w = await world();
    const live = await registerList(w.sids);
    expect((await release(w, { username_live: live.username_live })).statusCode).toBe(404);
    await ok(live.token_live, '/api/multichat/start', { dialog_manager_id: w.manager });
    const early = await release(w, { username_live: live.username_live });
    expect(early.statusCode).toBe(409);
  });
});

describe('multichat: a player withdraws consent', () => {
  const counts = async (participant: string) => {
    const row = await t.database.db
      .selectFrom('participants')
      .select('id')
      .where('username_live', '=', participant)
      .executeTakeFirst();
    const id = row?.id ?? -1;
    const count = async (table: 'chat_sessions' | 'manager_sessions' | 'participant_surveys') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .where('participant_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      participant: row !== undefined,
      chats: await count('chat_sessions'),
      games: await count('manager_sessions'),
      registrations: await count('participant_surveys'),
    };
  };

  const gameAnswers = (w: World) =>
    t.database.db
      .selectFrom('answers')
      .innerJoin('surveys', 'surveys.id', 'answers.survey_id')
      .select('answers.id')
      .where('surveys.survey_id', 'in', w.sids)
      .execute();

  it("deletes the player's sessions, answers and credentials of every dialog of the game", async () => {
    const w = await world();
    const live = await registerList(w.sids);
    let r = await ok(live.token_live, '/api/multichat/start', { dialog_manager_id: w.manager });
    for (let i = 0; i < 2; i++) r = await ok(live.token_live, '/api/multichat/answer', answerBody(w, r));
    const before = await counts(live.username_live);
    expect(before).toMatchObject({ participant: true, games: 1, registrations: 3 });
    expect(before.chats).toBeGreaterThanOrEqual(2);
    expect((await gameAnswers(w)).length).toBeGreaterThan(0);

    const res = await call(t, live.token_live, '/api/multichat/delete', { dialog_manager_id: w.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'success' });
    expect(await counts(live.username_live)).toEqual({
      participant: false,
      chats: 0,
      games: 0,
      registrations: 0,
    });
    expect(await gameAnswers(w)).toEqual([]);
    // Again, with nothing left: still success (the access token outlives the deleted data).
    const again = await call(t, live.token_live, '/api/multichat/delete', { dialog_manager_id: w.manager });
    console.log('AGAIN', again.statusCode, again.body);
  });

  it('keeps other players and works on inactive dialogs; refuses authors and foreign credentials', async () => {
    const w = await world();
    const gone = await registerList(w.sids);
    const stays = await registerList(w.sids);
    await ok(gone.token_live, '/api/multichat/start', { dialog_manager_id: w.manager });
    await ok(stays.token_live, '/api/multichat/start', { dialog_manager_id: w.manager });
    await t.database.db.updateTable('surveys').set({ active: 0 }).where('survey_id', '=', w.c).execute();
    const body = { dialog_manager_id: w.manager };
    expect((await call(t, gone.token_live, '/api/multichat/delete', body)).statusCode).toBe(200);
    expect(await counts(gone.username_live)).toMatchObject({ participant: false, games: 0 });
    expect(await counts(stays.username_live)).toMatchObject({
      participant: true,
      games: 1,
      registrations: 3,
    });

    const author = await call(t, owner.token, '/api/multichat/delete', body);
    expect(author.statusCode).toBe(403);
    expect(author.json().msg).toBe('Nur Teilnehmende können ihre Antworten löschen.');
    expect((await call(t, undefined, '/api/multichat/delete', body)).statusCode).toBe(401);
    expect(
      (await call(t, stays.token_live, '/api/multichat/delete', { dialog_manager_id: 999_999 })).statusCode,
    ).toBe(404);
    // Credentials of a dialog outside the game end nothing.
    const other = (await createChatDialog(t, [choice('o1', 'O?')], { ownerId: owner.id, settings })).surveyId;
    const outsider = await registerList([other]);
    const refused = await call(t, outsider.token_live, '/api/multichat/delete', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toBe('live_not_registered');
    expect(await counts(outsider.username_live)).toMatchObject({ participant: true, registrations: 1 });
  });
});

describe('multichat: documented', () => {
  it('lists the calls in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of ['start', 'history', 'answer', 'wait', 'restart', 'delete'])
      expect(paths).toContain(`/api/multichat/${p}`);
    expect(paths).toContain('/api/trigger_api/{trigger_id}');
    expect(JSON.stringify(res.json().paths['/api/trigger_api/{trigger_id}'])).toContain('X-Trigger-Secret');
  });
});
