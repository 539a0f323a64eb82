import { describe, expect, it } from 'vitest';
import { MANAGER_NOT_FOUND, MANAGER_OWNER_ONLY } from '../managers/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { addMember, authorSession, call, liveToken, newDialog } from '../test/dialogs.ts';
import { expectError, managersForFile } from '../test/manager-calls.ts';

const { t, owner, other, stranger, get, dialogWithBlocks, world, trigger } = managersForFile();

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
