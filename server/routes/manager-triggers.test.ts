import { beforeEach, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { MANAGER_NOT_FOUND, TRIGGER_NOT_FOUND } from '../managers/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { addMember, authorSession, call, liveToken, newDialog } from '../test/dialogs.ts';
import { expectError, managersForFile, type World } from '../test/manager-calls.ts';

const { t, owner, other, stranger, get, del, world, trigger } = managersForFile();

describe('GET /api/get_connected_surveys/{id} and /api/get_dialogmanager_trigger/{id}', () => {
  it('answer the dialogs by order and the triggers, to owner and members', async () => {
    const w = await world();
    const created = (await trigger(w, { init_survey: true })).json();
    for (const token of [owner.token]) {
      expect((await get(`/api/get_connected_surveys/${w.manager}`, token)).json()).toEqual({
        connected_surveys: [
          { survey_id: w.a.sid, survey_name: 'Teil A', order: 1 },
          { survey_id: w.b.sid, survey_name: 'Teil B', order: 2 },
        ],
      });
      expect((await get(`/api/get_dialogmanager_trigger/${w.manager}`, token)).json()).toEqual({
        trigger_objects: [
          {
            id: created.id,
            dialog_manager_id: w.manager,
            survey_id: w.a.sid,
            unique_question_id: w.a.q1,
            trigger: `moveTo;${w.b.sid};${w.b.q1}`,
            init_survey: true,
          },
        ],
      });
    }
    await addMember(t, w.b.sid, other.id, 'train');
    for (const path of ['get_connected_surveys', 'get_dialogmanager_trigger']) {
      expect((await get(`/api/${path}/${w.manager}`, other.token)).statusCode).toBe(200);
      expectError(await get(`/api/${path}/${w.manager}`, stranger.token), 404, MANAGER_NOT_FOUND);
      expect((await get(`/api/${path}/${w.manager}`)).statusCode).toBe(401);
      expect((await get(`/api/${path}/${w.manager}`, await liveToken(t, w.a.sid))).statusCode).toBe(403);
      expectError(await get(`/api/${path}/abc`, owner.token), 400, 'id:');
      expectError(await get(`/api/${path}/0`, owner.token), 400, 'id:');
      expectError(await get(`/api/${path}/99999999999`, owner.token), 400, 'id:');
      expectError(await get(`/api/${path}/2000000000`, owner.token), 404, MANAGER_NOT_FOUND);
    }
  });
});

describe('POST /api/create_trigger', () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  it('creates each type with 201; a waitAPI trigger answers its secret once and stores only its hash', async () => {
    const move = await trigger(w, {});
    expect(move.statusCode).toBe(201);
    expect(move.json()).toEqual({
      id: expect.any(Number),
      dialog_manager_id: w.manager,
      survey_id: w.a.sid,
      unique_question_id: w.a.q1,
      trigger: `moveTo;${w.b.sid};${w.b.q1}`,
      init_survey: false,
    });
    const wait = await trigger(w, { unique_question_id: w.a.q2, trigger: `waitFor;${w.b.sid};${w.b.q2}` });
    expect(wait.statusCode).toBe(201);
    // waitAPI may continue in its own dialog.
    const api = await trigger(w, { unique_question_id: w.a.q2, trigger: `waitAPI;${w.a.sid};${w.a.q1}` });
    expect(api.statusCode).toBe(201);
    const secret = api.json().api_secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const row = await t.database.db
      .selectFrom('triggers')
      .select('secret_hash')
      .where('id', '=', api.json().id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashOpaqueToken(secret));
    expect((await get(`/api/get_dialogmanager_trigger/${w.manager}`, owner.token)).body).not.toContain(
      secret,
    );
  });

  it.each([
    [
      'a malformed trigger',
      { trigger: 'moveTo;nur-zwei' },
      'trigger: muss die Form Typ;Dialog-ID;Frage-ID haben',
    ],
    ['an unknown type', { trigger: 'teleport;a;b' }, 'trigger: unbekannter Typ „teleport“'],
    ['a trigger that is no text', { trigger: 7 }, 'trigger:'],
    ['a missing block id', { unique_question_id: undefined }, 'unique_question_id:'],
    ['a bad init_survey', { init_survey: 'ja' }, 'init_survey:'],
    ['a bad manager id', { dialog_manager_id: 'drei' }, 'dialog_manager_id:'],
  ])('refuses %s with 400 naming the field', async (_what, body, msg) => {
    expectError(await trigger(w, body), 400, msg);
  });

  it('refuses references outside the manager or to blocks that do not exist', async () => {
    expectError(
      await trigger(w, { unique_question_id: 'gibt-es-nicht' }),
      400,
      'unique_question_id: Die Frage „gibt-es-nicht“ gibt es im Dialog „Teil A“ nicht',
    );
    // A block of another dialog is not a block of this one.
    expectError(await trigger(w, { unique_question_id: w.b.q1 }), 400, 'unique_question_id:');
    expectError(
      await trigger(w, { survey_id: w.outside.sid, unique_question_id: w.outside.q1 }),
      400,
      `survey_id: Der Dialog „${w.outside.sid}“ gehört nicht zu diesem Dialog-Manager`,
    );
    expectError(
      await trigger(w, { trigger: `moveTo;${w.outside.sid};${w.outside.q1}` }),
      400,
      `trigger: Der Ziel-Dialog „${w.outside.sid}“ gehört nicht zu diesem Dialog-Manager`,
    );
    expectError(
      await trigger(w, { trigger: `waitFor;${w.b.sid};${w.a.q1}` }),
      400,
      `trigger: Die Ziel-Frage „${w.a.q1}“ gibt es im Dialog „Teil B“ nicht`,
    );
    for (const type of ['waitFor', 'moveTo']) {
      expectError(
        await trigger(w, { trigger: `${type};${w.a.sid};${w.a.q2}` }),
        400,
        `trigger: Das Ziel von ${type} muss eine Frage eines anderen Dialogs sein`,
      );
    }
    // A marker is not a block.
    expectError(
      await trigger(w, { trigger: `moveTo;${w.b.sid};end_node_${w.b.sid}` }),
      400,
      'trigger: Die Ziel-Frage',
    );
    expectError(await trigger(w, { dialog_manager_id: 2_000_000_000 }), 404, MANAGER_NOT_FOUND);
    const stored = await t.database.db
      .selectFrom('triggers')
      .selectAll()
      .where('dialog_manager_id', '=', w.manager)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses duplicates, a second place to continue, and a second start dialog with 409', async () => {
    expect((await trigger(w, { init_survey: true })).statusCode).toBe(201);
    expectError(await trigger(w, {}), 409, 'Diesen Trigger gibt es schon.');
    expectError(
      await trigger(w, { trigger: `waitAPI;${w.a.sid};${w.a.q2}` }),
      409,
      'hat schon einen moveTo- oder waitAPI-Trigger',
    );
    // Waiting for something and continuing elsewhere fit together on one block.
    expect((await trigger(w, { trigger: `waitFor;${w.b.sid};${w.b.q2}` })).statusCode).toBe(201);
    // The start dialog may carry the mark on several triggers, another dialog may not.
    expect((await trigger(w, { unique_question_id: w.a.q2, init_survey: true })).statusCode).toBe(201);
    expectError(
      await trigger(w, {
        survey_id: w.b.sid,
        unique_question_id: w.b.q1,
        trigger: `moveTo;${w.a.sid};${w.a.q1}`,
        init_survey: 1,
      }),
      409,
      'init_survey: Das Spiel startet schon mit dem Dialog „Teil A“',
    );
  });

  it('refuses with 409 a waitFor trigger that closes a loop of waiting blocks, and stores nothing', async () => {
    expect((await trigger(w, { trigger: `waitFor;${w.b.sid};${w.b.q1}` })).statusCode).toBe(201);
    const before = await t.database.db.selectFrom('triggers').select('id').execute();
    const loop = await trigger(w, {
      survey_id: w.b.sid,
      unique_question_id: w.b.q1,
      trigger: `waitFor;${w.a.sid};${w.a.q1}`,
    });
    expectError(loop, 409, `trigger: Die Fragen „${w.b.sid}/${w.b.q1}“, „${w.a.sid}/${w.a.q1}“ würden`);
    expect(await t.database.db.selectFrom('triggers').select('id').execute()).toEqual(before);
    // Waiting on a block that does not wait back is fine.
    const chain = await trigger(w, {
      survey_id: w.b.sid,
      unique_question_id: w.b.q2,
      trigger: `waitFor;${w.a.sid};${w.a.q1}`,
    });
    expect(chain.statusCode, chain.body).toBe(201);
  });

  it('is for the owner of the manager and for whoever may configure the trigger’s dialog', async () => {
    await addMember(t, w.a.sid, other.id, 'edit_train');
    const byEditor = await trigger(w, {}, other.token);
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    // 'Trainieren' may read the manager but not change its triggers.
    const trainer = await authorSession(t);
    await addMember(t, w.a.sid, trainer.id, 'train');
    expect((await trigger(w, { trigger: `waitFor;${w.b.sid};${w.b.q1}` }, trainer.token)).statusCode).toBe(
      403,
    );
    // A member of B only may not attach triggers to A.
    const ofB = await authorSession(t);
    await addMember(t, w.b.sid, ofB.id, 'full');
    expectError(
      await trigger(w, { trigger: `waitFor;${w.b.sid};${w.b.q1}` }, ofB.token),
      404,
      `survey_id: ${DIALOG_NOT_FOUND}`,
    );
    expectError(await trigger(w, {}, stranger.token), 404, MANAGER_NOT_FOUND);
    expect((await trigger(w, {}, await liveToken(t, w.a.sid))).statusCode).toBe(403);
    expect(
      (
        await call(t, undefined, '/api/create_trigger', {
          dialog_manager_id: w.manager,
          survey_id: w.a.sid,
          unique_question_id: w.a.q1,
          trigger: `moveTo;${w.b.sid};${w.b.q1}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/delete_trigger/{id} and POST /api/reset_trigger_secret', () => {
  it('deletes a trigger once; only the owner or an editor of its dialog may', async () => {
    const w = await world();
    const id = (await trigger(w, {})).json().id;
    await addMember(t, w.a.sid, other.id, 'analyse');
    expect((await del(`/api/delete_trigger/${id}`, other.token)).statusCode).toBe(403);
    expectError(await del(`/api/delete_trigger/${id}`, stranger.token), 404, TRIGGER_NOT_FOUND);
    expect((await del(`/api/delete_trigger/${id}`)).statusCode).toBe(401);
    expect((await del(`/api/delete_trigger/${id}`, owner.token)).json()).toEqual({ msg: 'success' });
    expectError(await del(`/api/delete_trigger/${id}`, owner.token), 404, TRIGGER_NOT_FOUND);
    expectError(await del('/api/delete_trigger/x', owner.token), 400, 'id:');

    const again = (await trigger(w, {})).json().id;
    const editor = await authorSession(t);
    await addMember(t, w.a.sid, editor.id, 'full');
    expect((await del(`/api/delete_trigger/${again}`, editor.token)).statusCode).toBe(200);
  });

  it('gives a waitAPI trigger a new secret and refuses other types', async () => {
    const w = await world();
    const api = (await trigger(w, { trigger: `waitAPI;${w.b.sid};${w.b.q1}` })).json();
    const res = await call(t, owner.token, '/api/reset_trigger_secret', { id: api.id });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().api_secret;
    expect(fresh).not.toBe(api.api_secret);
    const row = await t.database.db
      .selectFrom('triggers')
      .select('secret_hash')
      .where('id', '=', api.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashOpaqueToken(fresh));

    const move = (await trigger(w, { unique_question_id: w.a.q2 })).json();
    expectError(
      await call(t, owner.token, '/api/reset_trigger_secret', { id: move.id }),
      400,
      'id: Nur waitAPI-Trigger',
    );
    expectError(
      await call(t, stranger.token, '/api/reset_trigger_secret', { id: api.id }),
      404,
      TRIGGER_NOT_FOUND,
    );
    expectError(
      await call(t, owner.token, '/api/reset_trigger_secret', { id: 2_000_000_000 }),
      404,
      TRIGGER_NOT_FOUND,
    );
    expectError(await call(t, owner.token, '/api/reset_trigger_secret', {}), 400, 'id:');
  });
});

describe('parallel requests', () => {
  it('two start dialogs marked at once: one wins, the other gets 409', async () => {
    const w = await world();
    const [first, second] = await Promise.all([
      trigger(w, { init_survey: true }),
      trigger(w, {
        survey_id: w.b.sid,
        unique_question_id: w.b.q1,
        trigger: `moveTo;${w.a.sid};${w.a.q1}`,
        init_survey: true,
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const starts = (await get(`/api/get_dialogmanager_trigger/${w.manager}`, owner.token))
      .json()
      .trigger_objects.filter((x: { init_survey: boolean }) => x.init_survey);
    expect(starts).toHaveLength(1);
  });

  it('one dialog connected to two managers at once: one wins, the other gets 409', async () => {
    const sid = await newDialog(t, owner.token);
    const create = () =>
      call(t, owner.token, '/api/create_dialogmanager', {
        name: 'Wettlauf',
        connected_surveys: [{ survey_id: sid, order: 1 }],
      });
    const results = await Promise.all([create(), create(), create()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
