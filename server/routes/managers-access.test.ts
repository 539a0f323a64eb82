import { describe, expect, it } from 'vitest';
import { MANAGER_OWNER_ONLY, TRIGGER_NOT_FOUND } from '../managers/errors.ts';
import { DIALOG_NOT_FOUND, ROLE_FORBIDDEN } from '../sharing/permissions.ts';
import { bearer } from '../test/app.ts';
import {
  addBlock,
  addMember,
  authorSession,
  call,
  createManager,
  liveToken,
  newDialog,
  type Session,
} from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

/**
 * What a dialog manager may still do with a dialog once its owner's access to that dialog has ended, how
 * the dialog's side takes it out again (disconnect_dialog), and what readers of a manager see of dialogs
 * they may not view (get_connected_surveys, get_dialogmanager, get_dialogmanager_trigger).
 */

const t = appForFile();

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
/** The name addMember gives a member (server/test/dialogs.ts), by which the sharing calls find her. */
const memberName = (s: Session) => `member${s.id}@example.org`;

async function dialog(token: string, name: string) {
  const sid = await newDialog(t, token, name);
  return {
    sid,
    q1: await addBlock(t, token, sid, 'single_choice'),
    q2: await addBlock(t, token, sid, 'message'),
  };
}
type Dialog = Awaited<ReturnType<typeof dialog>>;

function createTrigger(token: string, manager: number, from: Dialog, trigger: string, init_survey = false) {
  return call(t, token, '/api/create_trigger', {
    dialog_manager_id: manager,
    survey_id: from.sid,
    unique_question_id: from.q1,
    trigger,
    init_survey,
  });
}

async function created(res: { statusCode: number; body: string; json(): { id: number } }) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

function triggerIds(managerId: number) {
  return t.database.db
    .selectFrom('triggers')
    .select('id')
    .where('dialog_manager_id', '=', managerId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/**
 * Alice's dialog A, on which Frank has 'Voller Zugriff'; Frank's manager "Franks Spiel" connects A and
 * his own dialog F, with a trigger each way and a waitAPI trigger on A.
 */
async function scenario() {
  const alice = await authorSession(t);
  const frank = await authorSession(t);
  const a = await dialog(alice.token, 'Alices Dialog');
  await addMember(t, a.sid, frank.id, 'full');
  const f = await dialog(frank.token, 'Franks Dialog');
  const manager = await createManager(t, frank.token, 'Franks Spiel', [f.sid, a.sid]);
  const fromF = await created(await createTrigger(frank.token, manager, f, `moveTo;${a.sid};${a.q1}`));
  const fromA = await created(await createTrigger(frank.token, manager, a, `waitAPI;${f.sid};${f.q2}`));
  return { alice, frank, a, f, manager, triggers: { fromF, fromA } };
}

async function removeFrank(s: Awaited<ReturnType<typeof scenario>>) {
  const res = await call(t, s.alice.token, '/api/delete_sharing_user', {
    survey_id: s.a.sid,
    name: memberName(s.frank),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a manager whose owner was removed from one of its dialogs', () => {
  it('gives her no trigger calls on that dialog and none into it', async () => {
    const s = await scenario();
    await removeFrank(s);
    const { frank, a, f, manager } = s;

    // A start trigger and a waitAPI trigger (with its secret) on Alice's dialog: refused.
    for (const [trigger, init] of [
      [`moveTo;${f.sid};${f.q1}`, true],
      [`waitAPI;${f.sid};${f.q1}`, false],
    ] as const) {
      const res = await createTrigger(frank.token, manager, a, trigger, init);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe(`survey_id: ${DIALOG_NOT_FOUND}`);
      expect(res.body).not.toContain('api_secret');
    }
    // Nor from his own dialog into hers.
    const into = await createTrigger(frank.token, manager, f, `waitFor;${a.sid};${a.q2}`);
    expect(into.statusCode, into.body).toBe(400);
    expect(into.json().msg).toContain(
      `trigger: Der Ziel-Dialog „${a.sid}“ gehört nicht zu diesem Dialog-Manager`,
    );
    // The trigger on her dialog can be neither deleted nor given a new secret by him.
    expect((await del(`/api/delete_trigger/${s.triggers.fromA}`, frank.token)).json().msg).toBe(
      TRIGGER_NOT_FOUND,
    );
    const reset = await call(t, frank.token, '/api/reset_trigger_secret', { id: s.triggers.fromA });
    expect(reset.statusCode).toBe(404);
    expect(reset.body).not.toContain('api_secret');
    expect(await triggerIds(manager)).toEqual([s.triggers.fromF, s.triggers.fromA]);
  });

  it('shows her neither the id nor the current name of that dialog', async () => {
    const s = await scenario();
    await removeFrank(s);
    const { frank, a, f, manager } = s;
    const renamed = await call(t, s.alice.token, '/api/update_survey_settings', {
      survey_id: a.sid,
      action: 'config',
      changed_values: { survey_name: 'Alices neuer Name' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const reads = [
      await call(t, frank.token, '/api/get_dialogmanager', { dialog_manager_id: manager }),
      await call(t, frank.token, '/api/get_dialogmanager_list'),
      await get(`/api/get_connected_surveys/${manager}`, frank.token),
      await get(`/api/get_dialogmanager_trigger/${manager}`, frank.token),
      await get(`/api/get_trigger_targets/${f.sid}`, frank.token),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(a.sid);
      expect(res.body).not.toContain('Alice');
    }
    expect(reads[2]!.json().connected_surveys).toEqual([
      { survey_id: f.sid, survey_name: 'Franks Dialog', order: 1 },
    ]);
    // His own dialog's blocks are offered as before.
    expect(reads[4]!.json().dialogs.map((d: { survey_id: string }) => d.survey_id)).toEqual([f.sid]);
  });

  it('lets the dialog’s side take it out (disconnect_dialog), with its triggers; the 409 names no foreign manager', async () => {
    const s = await scenario();
    await removeFrank(s);
    const { alice, a, f, manager } = s;
    // Not through Frank's manager: that stays his.
    const update = await call(t, alice.token, '/api/update_dialogmanager', {
      dialog_manager_id: manager,
      connected_surveys: [{ survey_id: f.sid, order: 1 }],
    });
    expect(update.statusCode).toBe(403);
    expect(update.json().msg).toBe(MANAGER_OWNER_ONLY);
    // Connecting it to a manager of her own: refused, without naming Frank's.
    const taken = await call(t, alice.token, '/api/create_dialogmanager', {
      name: 'Alices Spiel',
      connected_surveys: [{ survey_id: a.sid, order: 1 }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain('disconnect_dialog');
    expect(taken.body).not.toContain('Franks Spiel');
    expect(taken.body).not.toContain(String(manager));

    const out = await call(t, alice.token, '/api/disconnect_dialog', { survey_id: a.sid });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ msg: 'success' });
    // Both triggers touched her dialog: gone with it. Frank keeps his manager and his dialog.
    expect(await triggerIds(manager)).toEqual([]);
    expect(
      (await get(`/api/find_dialogmanager_status/${a.sid}`, alice.token)).json().connected_status,
    ).toEqual({});
    expect(
      (await get(`/api/get_connected_surveys/${manager}`, s.frank.token)).json().connected_surveys,
    ).toEqual([{ survey_id: f.sid, survey_name: 'Franks Dialog', order: 1 }]);
    // Now free: she connects it to her own manager; taking it out again is no error.
    await createManager(t, alice.token, 'Alices Spiel', [a.sid]);
    expect((await call(t, alice.token, '/api/disconnect_dialog', { survey_id: a.sid })).statusCode).toBe(200);
    expect((await call(t, alice.token, '/api/disconnect_dialog', { survey_id: a.sid })).json()).toEqual({
      msg: 'success',
    });
  });

  it('with her role lowered to Analysieren: she sees the dialog but cannot use it for triggers', async () => {
    const s = await scenario();
    const lowered = await call(t, s.alice.token, '/api/change_permission_user', {
      survey_id: s.a.sid,
      name: memberName(s.frank),
      new_role: 'analyse',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const { frank, a, f, manager } = s;
    const seen = await get(`/api/get_connected_surveys/${manager}`, frank.token);
    expect(seen.json().connected_surveys.map((c: { survey_id: string }) => c.survey_id)).toEqual([
      f.sid,
      a.sid,
    ]);
    const onA = await createTrigger(frank.token, manager, a, `moveTo;${f.sid};${f.q1}`);
    expect(onA.statusCode).toBe(403);
    expect(onA.json().msg).toBe(ROLE_FORBIDDEN);
    expect((await createTrigger(frank.token, manager, f, `waitFor;${a.sid};${a.q2}`)).statusCode).toBe(400);
    // An editor of Frank's dialog may not point into the dormant one either, and is not shown its blocks.
    const editor = await authorSession(t);
    await addMember(t, f.sid, editor.id, 'edit_train');
    expect((await createTrigger(editor.token, manager, f, `waitFor;${a.sid};${a.q2}`)).statusCode).toBe(400);
    const targets = (await get(`/api/get_trigger_targets/${f.sid}`, editor.token)).json();
    expect(targets.dialogs.map((d: { survey_id: string }) => d.survey_id)).toEqual([f.sid]);
    // Alice, who configures her dialog, gets nothing of Frank's through the dormant connection.
    const hers = (await get(`/api/get_trigger_targets/${a.sid}`, s.alice.token)).json();
    expect(hers).toEqual({ dialog_manager_id: manager, dialogs: [] });
    expect((await createTrigger(s.alice.token, manager, a, `moveTo;${f.sid};${f.q2}`)).statusCode).toBe(400);
  });
});

describe('POST /api/disconnect_dialog', () => {
  it('needs configure on the dialog; refuses bad input with 400 naming the field', async () => {
    const s = await scenario();
    const { a, manager } = s;
    const trainer = await authorSession(t);
    await addMember(t, a.sid, trainer.id, 'train');
    const refused = await call(t, trainer.token, '/api/disconnect_dialog', { survey_id: a.sid });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(ROLE_FORBIDDEN);
    const stranger = await authorSession(t);
    const hidden = await call(t, stranger.token, '/api/disconnect_dialog', { survey_id: a.sid });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe(DIALOG_NOT_FOUND);
    expect((await call(t, undefined, '/api/disconnect_dialog', { survey_id: a.sid })).statusCode).toBe(401);
    expect(
      (await call(t, await liveToken(t, a.sid), '/api/disconnect_dialog', { survey_id: a.sid })).statusCode,
    ).toBe(403);
    for (const body of [{}, { survey_id: 'x'.repeat(65) }, { survey_id: 3 }]) {
      const res = await call(t, s.alice.token, '/api/disconnect_dialog', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain('survey_id:');
    }
    // Nothing changed so far.
    expect(
      (await get(`/api/find_dialogmanager_status/${a.sid}`, s.alice.token)).json().connected_status,
    ).toEqual({
      dialog_manager_id: manager,
    });
    // An editor ('Bearbeiten + Trainieren') may, as she may connect it.
    const editor = await authorSession(t);
    await addMember(t, a.sid, editor.id, 'edit_train');
    expect((await call(t, editor.token, '/api/disconnect_dialog', { survey_id: a.sid })).statusCode).toBe(
      200,
    );
    expect(
      (await get(`/api/find_dialogmanager_status/${a.sid}`, s.alice.token)).json().connected_status,
    ).toEqual({});
  });
});

describe('what a reader sees of the dialogs of a manager', () => {
  it('each reader, the owner too, gets only the dialogs she may view and the triggers between dialogs she may know', async () => {
    const owner = await authorSession(t);
    const a = await dialog(owner.token, 'Entwurf A');
    const b = await dialog(owner.token, 'Teil B');
    const manager = await createManager(t, owner.token, 'Spiel', [a.sid, b.sid]);
    const aToB = await created(await createTrigger(owner.token, manager, a, `moveTo;${b.sid};${b.q1}`));

    const ofB = await authorSession(t);
    await addMember(t, b.sid, ofB.id, 'analyse');
    for (const r of [
      await get(`/api/get_connected_surveys/${manager}`, ofB.token),
      await call(t, ofB.token, '/api/get_dialogmanager', { dialog_manager_id: manager }),
    ]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().connected_surveys).toEqual([{ survey_id: b.sid, survey_name: 'Teil B', order: 2 }]);
      expect(r.body).not.toContain(a.sid);
      expect(r.body).not.toContain('Entwurf A');
    }
    const hers = await get(`/api/get_dialogmanager_trigger/${manager}`, ofB.token);
    expect(hers.json()).toEqual({ trigger_objects: [] });

    // An editor of A sees B's blocks for her trigger form, so the trigger between them is hers to see.
    const editor = await authorSession(t);
    await addMember(t, a.sid, editor.id, 'edit_train');
    expect(
      (await get(`/api/get_connected_surveys/${manager}`, editor.token)).json().connected_surveys,
    ).toEqual([{ survey_id: a.sid, survey_name: 'Entwurf A', order: 1 }]);
    const triggers = (await get(`/api/get_dialogmanager_trigger/${manager}`, editor.token)).json()
      .trigger_objects;
    expect(triggers.map((x: { id: number }) => x.id)).toEqual([aToB]);
    // The owner sees everything.
    expect(
      (await get(`/api/get_connected_surveys/${manager}`, owner.token)).json().connected_surveys,
    ).toHaveLength(2);
    expect(
      (await get(`/api/get_dialogmanager_trigger/${manager}`, owner.token)).json().trigger_objects,
    ).toHaveLength(1);
  });
});
