import { describe, expect, it } from 'vitest';
import { MANAGER_NOT_FOUND } from '../managers/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { createTestApp } from '../test/app.ts';
import { addMember, authorSession, call, goLive, liveToken, newDialog, setField } from '../test/dialogs.ts';
import { expectError, managersForFile } from '../test/manager-calls.ts';

const { t, owner, stranger, get, dialogWithBlocks, world, activate, trigger } = managersForFile();

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
