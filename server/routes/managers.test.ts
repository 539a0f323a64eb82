import { beforeEach, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { MANAGER_NOT_FOUND, MANAGER_OWNER_ONLY, TRIGGER_NOT_FOUND } from '../managers/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { bearer, createTestApp } from '../test/app.ts';
import {
  addBlock,
  addMember,
  authorSession,
  call,
  goLive,
  liveToken,
  newDialog,
  setField,
} from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const owner = authorForFile(t);
const other = authorForFile(t);
const stranger = authorForFile(t);

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) =>
  t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });

interface World {
  manager: number;
  a: { sid: string; q1: string; q2: string };
  b: { sid: string; q1: string; q2: string };
  outside: { sid: string; q1: string };
}

async function dialogWithBlocks(token: string, name: string) {
  const sid = await newDialog(t, token, name);
  return {
    sid,
    q1: await addBlock(t, token, sid, 'single_choice'),
    q2: await addBlock(t, token, sid, 'message'),
  };
}

/** A manager of the owner with dialogs A and B, and a dialog of the owner outside it. */
async function world(): Promise<World> {
  const a = await dialogWithBlocks(owner.token, 'Teil A');
  const b = await dialogWithBlocks(owner.token, 'Teil B');
  const outside = await dialogWithBlocks(owner.token, 'Draußen');
  const res = await call(t, owner.token, '/api/create_dialogmanager', {
    name: 'Krimi',
    connected_surveys: [
      { survey_id: b.sid, order: 2 },
      { survey_id: a.sid, order: 1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { manager: res.json().dialog_manager_id, a, b, outside };
}

/** Switches dialogs live (new dialogs are drafts). */
async function activate(token: string, ...surveyIds: string[]) {
  for (const survey_id of surveyIds) await goLive(t, token, survey_id);
}

function trigger(w: World, body: Record<string, unknown>, token = owner.token) {
  return call(t, token, '/api/create_trigger', {
    dialog_manager_id: w.manager,
    survey_id: w.a.sid,
    unique_question_id: w.a.q1,
    trigger: `moveTo;${w.b.sid};${w.b.q1}`,
    init_survey: false,
    ...body,
  });
}

function expectError(
  res: { statusCode: number; json(): { msg: string } },
  status: number,
  msg: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  if (typeof msg === 'string') expect(res.json().msg).toContain(msg);
  else expect(res.json().msg).toMatch(msg);
}

describe('GET /api/find_dialogmanager_status/{survey_id}', () => {
  it('answers an empty connected_status without a manager and the manager id with one', async () => {
    const sid = await newDialog(t, owner.token);
    expect((await get(`/api/find_dialogmanager_status/${sid}`, owner.token)).json()).toEqual({
      msg: 'success',
      connected_status: {},
    });
    const w = await world();
    expect((await get(`/api/find_dialogmanager_status/${w.b.sid}`, owner.token)).json()).toEqual({
      msg: 'success',
      connected_status: { dialog_manager_id: w.manager },
    });
  });

  it('is for members of the dialog only', async () => {
    const w = await world();
    await addMember(t, w.a.sid, other.id, 'analyse');
    expect((await get(`/api/find_dialogmanager_status/${w.a.sid}`, other.token)).statusCode).toBe(200);
    expectError(
      await get(`/api/find_dialogmanager_status/${w.a.sid}`, stranger.token),
      404,
      DIALOG_NOT_FOUND,
    );
    expect((await get(`/api/find_dialogmanager_status/${w.a.sid}`)).statusCode).toBe(401);
    expect(
      (await get(`/api/find_dialogmanager_status/${w.a.sid}`, await liveToken(t, w.a.sid))).statusCode,
    ).toBe(403);
    expectError(await get(`/api/find_dialogmanager_status/${'x'.repeat(65)}`, owner.token), 400, 'id:');
  });
});

describe('dialog managers', () => {
  it('creates a manager with all its fields and lists only the caller’s own', async () => {
    const a = await newDialog(t, owner.token, 'Eins');
    const res = await call(t, owner.token, '/api/create_dialogmanager', {
      name: ' Mein Spiel ',
      game_title: 'Das Spiel',
      description: 'Beschreibung',
      favicon: '/img/favicon-flow.svg',
      meta_image: 'https://example.org/bild.png',
      meta_text: 'Vorschau',
      connected_surveys: [{ survey_id: a, order: 5 }],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Mein Spiel',
      game_title: 'Das Spiel',
      description: 'Beschreibung',
      favicon: '/img/favicon-flow.svg',
      meta_image: 'https://example.org/bild.png',
      meta_text: 'Vorschau',
      additional_dms: [],
      connected_surveys: [{ survey_id: a, survey_name: 'Eins', order: 5 }],
      is_owner: true,
      created_at: t.clock.now,
    });
    const list = (await call(t, owner.token, '/api/get_dialogmanager_list')).json().dialog_managers;
    expect(list.map((m: { dialog_manager_id: number }) => m.dialog_manager_id)).toContain(
      created.dialog_manager_id,
    );
    expect((await call(t, stranger.token, '/api/get_dialogmanager_list')).json()).toEqual({
      dialog_managers: [],
      dialog_links: [],
    });
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'x', favicon: 'javascript:alert(1)' }, 'favicon'],
      [{ name: 'x', meta_image: 3 }, 'meta_image'],
      [{ name: 'x', additional_dms: [0] }, 'additional_dms.0'],
      [{ name: 'x', additional_dms: 'drei' }, 'additional_dms'],
      [{ name: 'x', connected_surveys: [{ survey_id: 'a' }] }, 'connected_surveys.0.order'],
      [{ name: 'x', connected_surveys: [{ survey_id: 'a', order: 1.5 }] }, 'connected_surveys.0.order'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, owner.token, '/api/create_dialogmanager', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toContain(`${field}:`);
    }
    expect((await call(t, undefined, '/api/create_dialogmanager', { name: 'x' })).statusCode).toBe(401);
  });

  it('connects only dialogs the caller may configure and that belong to no other manager', async () => {
    const w = await world();
    const foreign = await newDialog(t, stranger.token, 'Fremd');
    expectError(
      await call(t, owner.token, '/api/create_dialogmanager', {
        name: 'x',
        connected_surveys: [{ survey_id: foreign, order: 1 }],
      }),
      404,
      `connected_surveys: ${foreign}: ${DIALOG_NOT_FOUND}`,
    );
    const shared = await newDialog(t, stranger.token, 'Geteilt');
    await addMember(t, shared, owner.id, 'train');
    expectError(
      await call(t, owner.token, '/api/create_dialogmanager', {
        name: 'x',
        connected_surveys: [{ survey_id: shared, order: 1 }],
      }),
      403,
      'connected_surveys:',
    );
    const taken = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'Zweites Spiel',
      connected_surveys: [{ survey_id: w.a.sid, order: 1 }],
    });
    // The other manager is not named (it may be someone else's); the way out is.
    expectError(taken, 409, 'Der Dialog „Teil A“ gehört schon zu einem anderen Dialog-Manager');
    expect(taken.json().msg).toContain('disconnect_dialog');
    expect(taken.body).not.toContain('Krimi');
    // Nothing of the refused manager was stored.
    const names = (await call(t, owner.token, '/api/get_dialogmanager_list'))
      .json()
      .dialog_managers.map((m: { name: string }) => m.name);
    expect(names).not.toContain('Zweites Spiel');
    // A dialog shared with 'Bearbeiten + Trainieren' may be connected.
    const editable = await newDialog(t, stranger.token, 'Bearbeitbar');
    await addMember(t, editable, owner.id, 'edit_train');
    const ok = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'x',
      connected_surveys: [{ survey_id: editable, order: 1 }],
    });
    expect(ok.statusCode).toBe(201);
  });

  it('reads a manager as its owner or as a member of one of its dialogs; others get 404', async () => {
    const w = await world();
    const body = { dialog_manager_id: w.manager };
    const mine = (await call(t, owner.token, '/api/get_dialogmanager', body)).json();
    expect(mine).toMatchObject({ is_owner: true, name: 'Krimi' });
    expect(mine.connected_surveys).toEqual([
      { survey_id: w.a.sid, survey_name: 'Teil A', order: 1 },
      { survey_id: w.b.sid, survey_name: 'Teil B', order: 2 },
    ]);
    await addMember(t, w.b.sid, other.id, 'analyse');
    expect((await call(t, other.token, '/api/get_dialogmanager', body)).json()).toMatchObject({
      is_owner: false,
    });
    expectError(await call(t, stranger.token, '/api/get_dialogmanager', body), 404, MANAGER_NOT_FOUND);
    // A pending invitation is not membership.
    const pending = await authorSession(t);
    await addMember(t, w.a.sid, pending.id, 'full', false);
    expectError(await call(t, pending.token, '/api/get_dialogmanager', body), 404, MANAGER_NOT_FOUND);
    expectError(
      await call(t, owner.token, '/api/get_dialogmanager', { dialog_manager_id: 2_000_000_000 }),
      404,
      MANAGER_NOT_FOUND,
    );
    expectError(
      await call(t, owner.token, '/api/get_dialogmanager', { dialog_manager_id: -1 }),
      400,
      'dialog_manager_id:',
    );
    expect(
      (await call(t, owner.token, '/api/get_dialogmanager', { dialog_manager_id: String(w.manager) }))
        .statusCode,
    ).toBe(200);
  });

  it('updates only the fields sent, owner only', async () => {
    const w = await world();
    const res = await call(t, owner.token, '/api/update_dialogmanager', {
      dialog_manager_id: w.manager,
      game_title: 'Neuer Titel',
      connected_surveys: [
        { survey_id: w.a.sid, order: 3 },
        { survey_id: w.b.sid, order: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Krimi',
      game_title: 'Neuer Titel',
      connected_surveys: [
        { survey_id: w.b.sid, order: 1 },
        { survey_id: w.a.sid, order: 3 },
      ],
    });
    await addMember(t, w.a.sid, other.id, 'full');
    expectError(
      await call(t, other.token, '/api/update_dialogmanager', {
        dialog_manager_id: w.manager,
        name: 'Meins',
      }),
      403,
      MANAGER_OWNER_ONLY,
    );
    expectError(
      await call(t, stranger.token, '/api/update_dialogmanager', {
        dialog_manager_id: w.manager,
        name: 'Meins',
      }),
      404,
      MANAGER_NOT_FOUND,
    );
    expectError(
      await call(t, owner.token, '/api/update_dialogmanager', { dialog_manager_id: w.manager, name: '' }),
      400,
      'name:',
    );
  });

  it('removing a dialog deletes the triggers that start in it or point into it', async () => {
    const w = await world();
    const c = await dialogWithBlocks(owner.token, 'Teil C');
    await call(t, owner.token, '/api/update_dialogmanager', {
      dialog_manager_id: w.manager,
      connected_surveys: [
        { survey_id: w.a.sid, order: 1 },
        { survey_id: w.b.sid, order: 2 },
        { survey_id: c.sid, order: 3 },
      ],
    });
    const fromB = await trigger(w, {
      survey_id: w.b.sid,
      unique_question_id: w.b.q1,
      trigger: `moveTo;${c.sid};${c.q1}`,
    });
    const intoB = await trigger(w, {});
    const keep = await trigger(w, { trigger: `waitFor;${c.sid};${c.q1}` });
    for (const r of [fromB, intoB, keep]) expect(r.statusCode, r.body).toBe(201);
    const res = await call(t, owner.token, '/api/update_dialogmanager', {
      dialog_manager_id: w.manager,
      connected_surveys: [
        { survey_id: w.a.sid, order: 1 },
        { survey_id: c.sid, order: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const left = (await get(`/api/get_dialogmanager_trigger/${w.manager}`, owner.token)).json()
      .trigger_objects;
    expect(left.map((x: { id: number }) => x.id)).toEqual([keep.json().id]);
    expect(
      (await get(`/api/find_dialogmanager_status/${w.b.sid}`, owner.token)).json().connected_status,
    ).toEqual({});
    // B is free again for another manager.
    const again = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'Anderes',
      connected_surveys: [{ survey_id: w.b.sid, order: 1 }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('takes additional_dms of the owner’s other managers only', async () => {
    const w = await world();
    const second = (await call(t, owner.token, '/api/create_dialogmanager', { name: 'Zwei' })).json();
    const foreign = (await call(t, stranger.token, '/api/create_dialogmanager', { name: 'Fremd' })).json();
    const set = (ids: unknown) =>
      call(t, owner.token, '/api/update_dialogmanager', {
        dialog_manager_id: w.manager,
        additional_dms: ids,
      });
    expect((await set([second.dialog_manager_id])).json().additional_dms).toEqual([second.dialog_manager_id]);
    expectError(
      await set([w.manager]),
      400,
      'additional_dms: darf den Dialog-Manager selbst nicht enthalten',
    );
    expectError(
      await set([foreign.dialog_manager_id]),
      400,
      `additional_dms: Den Dialog-Manager ${foreign.dialog_manager_id}`,
    );
    expectError(await set([2_000_000_000]), 400, 'additional_dms:');
    expectError(
      await set([second.dialog_manager_id, second.dialog_manager_id]),
      400,
      'additional_dms: enthält eine ID doppelt',
    );

    // Deleting a manager drops it from the lists that offer it.
    expectError(
      await call(t, other.token, '/api/delete_dialogmanager', {
        dialog_manager_id: second.dialog_manager_id,
      }),
      404,
      MANAGER_NOT_FOUND,
    );
    const gone = await call(t, owner.token, '/api/delete_dialogmanager', {
      dialog_manager_id: second.dialog_manager_id,
    });
    expect(gone.json()).toEqual({ msg: 'success' });
    expect(
      (await call(t, owner.token, '/api/get_dialogmanager', { dialog_manager_id: w.manager })).json()
        .additional_dms,
    ).toEqual([]);
  });

  it('deleting a manager keeps its dialogs and frees them; members may not delete it', async () => {
    const w = await world();
    expect((await trigger(w, {})).statusCode).toBe(201);
    await addMember(t, w.a.sid, other.id, 'full');
    expectError(
      await call(t, other.token, '/api/delete_dialogmanager', { dialog_manager_id: w.manager }),
      403,
      MANAGER_OWNER_ONLY,
    );
    expect(
      (await call(t, owner.token, '/api/delete_dialogmanager', { dialog_manager_id: w.manager })).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/find_dialogmanager_status/${w.a.sid}`, owner.token)).json().connected_status,
    ).toEqual({});
    expect(
      await t.database.db
        .selectFrom('triggers')
        .selectAll()
        .where('dialog_manager_id', '=', w.manager)
        .execute(),
    ).toEqual([]);
    expect((await call(t, owner.token, '/api/dialog', { survey_id: w.a.sid })).statusCode).toBe(200);
    expectError(
      await call(t, owner.token, '/api/delete_dialogmanager', { dialog_manager_id: w.manager }),
      404,
      MANAGER_NOT_FOUND,
    );
  });

  it('deleting a dialog takes it out of its manager', async () => {
    const w = await world();
    expect((await call(t, owner.token, '/api/delete_survey', { survey_id: w.b.sid })).statusCode).toBe(200);
    expect(
      (await get(`/api/get_connected_surveys/${w.manager}`, owner.token)).json().connected_surveys,
    ).toEqual([{ survey_id: w.a.sid, survey_name: 'Teil A', order: 1 }]);
  });
});

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

describe('what a reader who is not the owner sees of other managers', () => {
  it('additional_dms: the owner gets all with names, a member only the managers she may open', async () => {
    const w = await world();
    const open = await dialogWithBlocks(owner.token, 'Offen');
    const visible = (
      await call(t, owner.token, '/api/create_dialogmanager', {
        name: 'Sichtbar',
        connected_surveys: [{ survey_id: open.sid, order: 1 }],
      })
    ).json();
    const hidden = (await call(t, owner.token, '/api/create_dialogmanager', { name: 'Geheim' })).json();
    const ids = [hidden.dialog_manager_id, visible.dialog_manager_id];
    const set = await call(t, owner.token, '/api/update_dialogmanager', {
      dialog_manager_id: w.manager,
      additional_dms: ids,
    });
    expect(set.json()).toMatchObject({
      additional_dms: ids,
      additional_managers: [
        { dialog_manager_id: hidden.dialog_manager_id, name: 'Geheim' },
        { dialog_manager_id: visible.dialog_manager_id, name: 'Sichtbar' },
      ],
    });
    const body = { dialog_manager_id: w.manager };
    expect((await call(t, owner.token, '/api/get_dialogmanager', body)).json().additional_dms).toEqual(ids);
    const mine = (await call(t, owner.token, '/api/get_dialogmanager_list')).json().dialog_managers;
    expect(
      mine.find((m: { dialog_manager_id: number }) => m.dialog_manager_id === w.manager).additional_managers,
    ).toEqual(set.json().additional_managers);

    const member = await authorSession(t);
    await addMember(t, w.a.sid, member.id, 'edit_train');
    const seen = await call(t, member.token, '/api/get_dialogmanager', body);
    expect(seen.json()).toMatchObject({ is_owner: false, additional_dms: [], additional_managers: [] });
    expect(seen.body).not.toContain('Geheim');
    expect(seen.body).not.toContain('Sichtbar');
    // A member of the other manager's dialog may open it, so it is offered, with its name.
    await addMember(t, open.sid, member.id, 'analyse');
    expect((await call(t, member.token, '/api/get_dialogmanager', body)).json()).toMatchObject({
      additional_dms: [visible.dialog_manager_id],
      additional_managers: [{ dialog_manager_id: visible.dialog_manager_id, name: 'Sichtbar' }],
    });
    // A pending invitation opens nothing.
    const pending = await authorSession(t);
    await addMember(t, w.a.sid, pending.id, 'full');
    await addMember(t, open.sid, pending.id, 'full', false);
    expect((await call(t, pending.token, '/api/get_dialogmanager', body)).json().additional_dms).toEqual([]);
  });

  it('get_dialogmanager_list links every dialog of the caller to its manager (own or another owner’s)', async () => {
    const w = await world();
    const member = await authorSession(t);
    await addMember(t, w.a.sid, member.id, 'edit_train');
    const free = await newDialog(t, member.token, 'Frei');
    const own = await newDialog(t, member.token, 'Eigen');
    const mine = (
      await call(t, member.token, '/api/create_dialogmanager', {
        name: 'Meins',
        connected_surveys: [{ survey_id: own, order: 1 }],
      })
    ).json();
    // Invited but not accepted: B's manager is not named.
    await addMember(t, w.b.sid, member.id, 'full', false);
    const res = (await call(t, member.token, '/api/get_dialogmanager_list')).json();
    expect(res.dialog_links).toEqual(
      expect.arrayContaining([
        { survey_id: w.a.sid, dialog_manager_id: w.manager, manager_name: 'Krimi' },
        { survey_id: own, dialog_manager_id: mine.dialog_manager_id, manager_name: 'Meins' },
      ]),
    );
    expect(res.dialog_links).toHaveLength(2);
    expect(JSON.stringify(res)).not.toContain(free);
    expect(JSON.stringify(res)).not.toContain(w.b.sid);
  });
});

describe('GET /api/get_trigger_targets/{survey_id}', () => {
  it('answers the block ids and titles of every dialog of the manager to an editor of one of them', async () => {
    const w = await world();
    await setField(t, owner.token, w.b.sid, w.b.q1, 'short_name', 'Verdacht');
    await setField(t, owner.token, w.b.sid, w.b.q2, 'context', `Hallo ${'x'.repeat(120)}§§image:a.png§§Ende`);
    const editor = await authorSession(t);
    await addMember(t, w.a.sid, editor.id, 'edit_train');
    // The editor of A may not open B herself ...
    expect((await call(t, editor.token, '/api/dialog', { survey_id: w.b.sid })).statusCode).toBe(404);
    // ... but gets its blocks for the trigger form of A.
    const res = await get(`/api/get_trigger_targets/${w.a.sid}`, editor.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.dialog_manager_id).toBe(w.manager);
    expect(body.dialogs.map((d: { survey_id: string }) => d.survey_id)).toEqual([w.a.sid, w.b.sid]);
    const b = body.dialogs[1];
    expect(b).toMatchObject({ survey_name: 'Teil B', order: 2 });
    expect(b.blocks.map((x: { unique_question_id: string }) => x.unique_question_id)).toEqual([
      w.b.q1,
      w.b.q2,
    ]);
    expect(b.blocks[0]).toMatchObject({ type: 'single_choice', short_name: 'Verdacht', truncated: false });
    expect(b.blocks[1]).toMatchObject({ type: 'message', short_name: '', truncated: true });
    expect(b.blocks[1].preview).not.toContain('Ende');
    // With a picked block of B the trigger is created.
    const created = await trigger(
      w,
      { trigger: `moveTo;${w.b.sid};${b.blocks[1].unique_question_id}` },
      editor.token,
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('needs configure on the dialog; a dialog without manager answers no dialogs', async () => {
    const w = await world();
    const trainer = await authorSession(t);
    await addMember(t, w.a.sid, trainer.id, 'train');
    expect((await get(`/api/get_trigger_targets/${w.a.sid}`, trainer.token)).statusCode).toBe(403);
    const ofB = await authorSession(t);
    await addMember(t, w.b.sid, ofB.id, 'full');
    expectError(await get(`/api/get_trigger_targets/${w.a.sid}`, ofB.token), 404, DIALOG_NOT_FOUND);
    expectError(await get(`/api/get_trigger_targets/${w.a.sid}`, stranger.token), 404, DIALOG_NOT_FOUND);
    expect((await get(`/api/get_trigger_targets/${w.a.sid}`)).statusCode).toBe(401);
    expect((await get(`/api/get_trigger_targets/${w.a.sid}`, await liveToken(t, w.a.sid))).statusCode).toBe(
      403,
    );
    expectError(await get(`/api/get_trigger_targets/${'x'.repeat(65)}`, owner.token), 400, 'id:');
    expect((await get(`/api/get_trigger_targets/${w.outside.sid}`, owner.token)).json()).toEqual({
      dialog_manager_id: null,
      dialogs: [],
    });
  });
});

describe('OpenAPI', () => {
  it('documents every manager and trigger call with its responses', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const ops: [string, string, string][] = [
      ['get', '/api/find_dialogmanager_status/{id}', '200'],
      ['get', '/api/get_connected_surveys/{id}', '200'],
      ['get', '/api/get_dialogmanager_trigger/{id}', '200'],
      ['get', '/api/get_trigger_targets/{id}', '200'],
      ['post', '/api/create_trigger', '201'],
      ['delete', '/api/delete_trigger/{id}', '200'],
      ['post', '/api/reset_trigger_secret', '200'],
      ['post', '/api/get_dialogmanager_list', '200'],
      ['post', '/api/create_dialogmanager', '201'],
      ['post', '/api/get_dialogmanager', '200'],
      ['post', '/api/update_dialogmanager', '200'],
      ['post', '/api/delete_dialogmanager', '200'],
      ['get', '/api/game_meta/{id}', '200'],
      ['post', '/api/disconnect_dialog', '200'],
    ];
    for (const [method, path, ok] of ops) {
      const op = paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op.responses[ok], `${method} ${path}`).toBeDefined();
      expect(op.responses['404'], `${method} ${path}`).toBeDefined();
    }
    const trigger =
      paths['/api/get_dialogmanager_trigger/{id}'].get.responses['200'].content['application/json'];
    expect(Object.keys(trigger.schema.properties.trigger_objects.items.properties)).toEqual([
      'id',
      'dialog_manager_id',
      'survey_id',
      'unique_question_id',
      'trigger',
      'init_survey',
    ]);
    expect(paths['/api/game_meta/{id}'].get.security).toEqual([]);
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

describe('GET /api/game_meta/{id}', () => {
  it('is public and answers 404 for a manager that does not exist', async () => {
    const res = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'intern',
      game_title: 'Titel',
      description: 'Text',
      favicon: '/img/favicon.svg',
      meta_image: '/img/social.png',
      meta_text: 'Teaser',
    });
    const id = res.json().dialog_manager_id;
    expect((await get(`/api/game_meta/${id}`)).json()).toEqual({
      dialog_manager_id: id,
      game_title: 'Titel',
      description: 'Text',
      favicon: '/img/favicon.svg',
      meta_image: '/img/social.png',
      meta_text: 'Teaser',
      active: true,
      survey_ids: [],
      media_base_url: null,
    });
    expectError(await get('/api/game_meta/2000000000'), 404, MANAGER_NOT_FOUND);
    expectError(await get('/api/game_meta/-3'), 400, 'id:');
    expectError(await get('/api/game_meta/flucht'), 400, 'id:');
  });

  it('lists the connected dialogs by order, for register_live_list', async () => {
    const w = await world();
    await activate(owner.token, w.a.sid, w.b.sid);
    const meta = (await get(`/api/game_meta/${w.manager}`)).json();
    expect(meta).toMatchObject({ active: true, survey_ids: [w.a.sid, w.b.sid] });
  });

  it('names no dialog of a game that is not active: not one of them may be a draft', async () => {
    const w = await world();
    await activate(owner.token, w.b.sid);
    // Managers have sequential ids: anyone may ask for any of them.
    const draft = await get(`/api/game_meta/${w.manager}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ dialog_manager_id: w.manager, active: false, survey_ids: [] });
    expect(draft.body).not.toContain(w.a.sid);
    expect(draft.body).not.toContain(w.b.sid);
    // Once every dialog is live, the game is listed; a dialog switched off hides it again.
    await activate(owner.token, w.a.sid);
    expect((await get(`/api/game_meta/${w.manager}`)).json().survey_ids).toEqual([w.a.sid, w.b.sid]);
    await call(t, owner.token, '/api/switch_activate_link', { item: { survey_id: w.b.sid, active: false } });
    expect((await get(`/api/game_meta/${w.manager}`)).json()).toMatchObject({
      active: false,
      survey_ids: [],
    });
  });

  it('resolves flow and aufderflucht to MULTICHAT_FLOW_ID and MULTICHAT_AUFDERFLUCHT_ID', async () => {
    const games = await createTestApp({
      MULTICHAT_AUFDERFLUCHT_ID: '2000000000',
      GAME_MEDIA_BASE_URL: 'https://cdn.example.org/spiele/',
    });
    try {
      const author = await authorSession(games);
      const sid = await newDialog(games, author.token, 'Teil A');
      await goLive(games, author.token, sid);
      const created = await call(games, author.token, '/api/create_dialogmanager', {
        name: 'Spiel',
        connected_surveys: [{ survey_id: sid, order: 1 }],
      });
      const id: number = created.json().dialog_manager_id;
      // The id is known only now; the routes read the same config object.
      games.config.MULTICHAT_FLOW_ID = id;
      const flow = await games.app.inject({ method: 'GET', url: '/api/game_meta/flow' });
      expect(flow.json()).toMatchObject({
        dialog_manager_id: id,
        survey_ids: [sid],
        media_base_url: 'https://cdn.example.org/spiele',
      });
      const missing = await games.app.inject({ method: 'GET', url: '/api/game_meta/aufderflucht' });
      expectError(missing, 404, MANAGER_NOT_FOUND);
      // Pages may load media from https origins only (Content-Security-Policy).
      await expect(createTestApp({ GAME_MEDIA_BASE_URL: 'http://cdn.example.org' })).rejects.toThrow(
        /GAME_MEDIA_BASE_URL/,
      );
    } finally {
      await games.close();
    }
  });
});
