import { describe, expect, it } from 'vitest';
import { endNodeId, startNodeId } from '../../contract/blocks.ts';
import { DEFAULT_ENDING, DEFAULT_WELCOME, defaultSettings } from '../../contract/dialogs.ts';
import { LIVE_SWITCH_OFF } from '../sharing/permissions.ts';
import {
  addBlock,
  addMember,
  authorSession,
  call,
  dialogData,
  goLive,
  internalId,
  newDialog,
  PRIVACY_TEXT,
  setField,
  snapshot,
} from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);

describe('POST /api/create_survey', () => {
  it('creates an inactive dialog with start and end nodes and the default settings', async () => {
    const res = await call(t, me.token, '/api/create_survey', { survey_name: '  Kundenumfrage  ' });
    expect(res.statusCode).toBe(200);
    const sid = res.json().survey_id;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog).toMatchObject({
      survey_id: sid,
      survey_name: 'Kundenumfrage',
      all_questions: [],
      welcome: DEFAULT_WELCOME,
      ending: DEFAULT_ENDING,
      language: 'de',
      active: false,
      version: 1,
      bearbeiten: 1,
      intrance: 1,
      testen: 1,
      live_switch: 1,
      analyse: 1,
      role: 'owner',
      role_label: 'Besitzer',
      templ_options: {},
      gpt_exit_conditions: [],
      connected_surveys: [],
      settings: { ...defaultSettings('Kundenumfrage'), speed: 0.5, du_sie: 'sie' },
    });
    expect(dialog.color).toBe(dialog.accent_color);
    expect(dialog.structure.map((m) => m.id)).toEqual([startNodeId(sid), endNodeId(sid)]);
  });

  it('refuses a missing, empty or too long name', async () => {
    for (const payload of [
      {},
      { survey_name: '   ' },
      { survey_name: 'x'.repeat(201) },
      { survey_name: 7 },
    ]) {
      const res = await call(t, me.token, '/api/create_survey', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('survey_name');
    }
  });
});

describe('POST /api/get_survey_list', () => {
  it('lists owned, shared and pending dialogs with role, state and live counts', async () => {
    const author = await authorSession(t);
    const other = await authorSession(t);
    const own = await newDialog(t, author.token, 'Eigener');
    const shared = await newDialog(t, other.token, 'Geteilt');
    const pending = await newDialog(t, other.token, 'Eingeladen');
    await newDialog(t, other.token, 'Fremd');
    await addMember(t, shared, author.id, 'train');
    await addMember(t, pending, author.id, 'analyse', false);
    const ownId = await internalId(t, own);
    const session = (finished: boolean, mode: 'live' | 'test' = 'live') => ({
      survey_id: ownId,
      mode,
      state: '{}',
      started_at: t.clock.now,
      updated_at: t.clock.now,
      finished_at: finished ? t.clock.now : null,
    });
    await t.database.db
      .insertInto('chat_sessions')
      .values([session(true), session(true), session(false), session(true, 'test')])
      .execute();

    const res = await call(t, author.token, '/api/get_survey_list');
    expect(res.statusCode).toBe(200);
    const bySid = new Map(res.json().surveys.map((s: { survey_id: string }) => [s.survey_id, s]));
    expect(bySid.size).toBe(3);
    expect(bySid.get(own)).toMatchObject({
      survey_name: 'Eigener',
      role: 'owner',
      role_label: 'Besitzer',
      active: false,
      participants: 3,
      finished: 2,
      pending_invite: false,
      live_switch: 1,
    });
    expect(bySid.get(shared)).toMatchObject({
      role: 'train',
      role_label: 'Trainieren',
      pending_invite: false,
    });
    expect(bySid.get(pending)).toMatchObject({ role: 'analyse', pending_invite: true, participants: 0 });
  });

  it('needs an author token', async () => {
    expect((await call(t, undefined, '/api/get_survey_list')).statusCode).toBe(401);
  });
});

describe('POST /api/duplicate_survey', () => {
  it('copies blocks with new ids and remapped jumps; the copy is the caller’s and inactive', async () => {
    const owner = await authorSession(t);
    const member = await authorSession(t);
    const sid = await newDialog(t, owner.token, 'Vorlage');
    const a = await addBlock(t, owner.token, sid, 'single_choice');
    const b = await addBlock(t, owner.token, sid, 'message');
    await setField(t, owner.token, sid, a, 'jump_to_ids', [b, endNodeId(sid)]);
    await setField(t, owner.token, sid, b, 'jump_to_question', a);
    await goLive(t, owner.token, sid);
    await addMember(t, sid, member.id, 'full');

    const res = await call(t, member.token, '/api/duplicate_survey', { survey_id: sid });
    expect(res.statusCode, res.body).toBe(200);
    const copySid = res.json().survey_id;
    const copy = await dialogData(t, member.token, copySid);
    expect(copy).toMatchObject({ survey_name: 'Vorlage (Kopie)', active: false, role: 'owner' });
    const [ca, cb] = copy.all_questions;
    expect(ca!.unique_question_id).not.toBe(a);
    expect(ca!.jump_to_ids).toEqual([cb!.unique_question_id, endNodeId(copySid)]);
    expect(cb!.jump_to_question).toBe(ca!.unique_question_id);
    expect(copy.structure.map((m) => m.id)).toEqual([startNodeId(copySid), endNodeId(copySid)]);
    const original = await dialogData(t, owner.token, sid);
    expect(original.all_questions.map((q) => q.unique_question_id)).toEqual([a, b]);
    expect(original.active).toBe(true);
    expect((await call(t, owner.token, '/api/dialog', { survey_id: copySid })).statusCode).toBe(404);
  });
});

describe('POST /api/delete_survey', () => {
  it('deletes the dialog with its blocks for the owner', async () => {
    const sid = await newDialog(t, me.token);
    await addBlock(t, me.token, sid, 'message');
    const id = await internalId(t, sid);
    const res = await call(t, me.token, '/api/delete_survey', { survey_id: sid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'success' });
    expect((await call(t, me.token, '/api/dialog', { survey_id: sid })).statusCode).toBe(404);
    const left = await t.database.db.selectFrom('blocks').select('id').where('survey_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});

describe('dialog data', () => {
  it('returns blocks in order, GPT exit conditions of existing blocks and the connected dialogs', async () => {
    const sid = await newDialog(t, me.token, 'Teil 1');
    const second = await newDialog(t, me.token, 'Teil 2');
    const gpt = await addBlock(t, me.token, sid, 'gpt');
    const id = await internalId(t, sid);
    await t.database.db
      .insertInto('gpt_exit_conditions')
      .values([
        {
          survey_id: id,
          unique_question_id: gpt,
          condition: JSON.stringify({ description: 'Grund genannt' }),
          created_at: t.clock.now,
          updated_at: t.clock.now,
        },
        {
          survey_id: id,
          unique_question_id: 'geloescht',
          condition: '{}',
          created_at: t.clock.now,
          updated_at: t.clock.now,
        },
      ])
      .execute();
    const manager = await t.database.db
      .insertInto('dialog_managers')
      .values({
        name: 'Spiel',
        game_title: 'Spiel',
        description: '',
        favicon: '',
        meta_image: '',
        meta_text: '',
        additional_dms: '[]',
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('manager_surveys')
      .values([
        { dialog_manager_id: manager.id, survey_id: await internalId(t, second), ord: 2 },
        { dialog_manager_id: manager.id, survey_id: id, ord: 1 },
      ])
      .execute();

    for (const url of ['/api/dialog', '/api/get_survey_data_configurator']) {
      const res = await call(t, me.token, url, { survey_id: sid });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.survey_id_int).toBe(id);
      expect(body.all_questions.map((q: { unique_question_id: string }) => q.unique_question_id)).toEqual([
        gpt,
      ]);
      expect(body.gpt_exit_conditions).toEqual([
        expect.objectContaining({ survey_id: sid, unique_question_id: gpt, description: 'Grund genannt' }),
      ]);
      expect(body.connected_surveys).toEqual([
        { survey_id: sid, survey_name: 'Teil 1', order: 1 },
        { survey_id: second, survey_name: 'Teil 2', order: 2 },
      ]);
    }
  });

  it('answers 404 for an unknown dialog and 400 for a malformed id', async () => {
    expect((await call(t, me.token, '/api/dialog', { survey_id: 'gibt-es-nicht' })).statusCode).toBe(404);
    expect((await call(t, me.token, '/api/dialog', { survey_id: '' })).statusCode).toBe(400);
    expect((await call(t, me.token, '/api/dialog', { survey_id: ['a'] })).statusCode).toBe(400);
  });
});

describe('POST /api/switch_activate_link', () => {
  it('switches live and back, answering success', async () => {
    const sid = await newDialog(t, me.token);
    await call(t, me.token, '/api/update_survey_settings', {
      survey_id: sid,
      action: 'config',
      changed_values: { privacy_declaration_text: PRIVACY_TEXT },
    });
    const item = await dialogData(t, me.token, sid);
    const res = await call(t, me.token, '/api/switch_activate_link', {
      item: { ...item, active: !item.active },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'success', active: true });
    expect((await dialogData(t, me.token, sid)).active).toBe(true);
    await call(t, me.token, '/api/switch_activate_link', { item: { survey_id: sid, active: false } });
    expect((await dialogData(t, me.token, sid)).active).toBe(false);
  });

  it('is refused with 403 when live_switch is 0, and changes nothing', async () => {
    const sid = await newDialog(t, me.token);
    await t.database.db.updateTable('surveys').set({ live_switch: 0 }).where('survey_id', '=', sid).execute();
    const before = await snapshot(t, sid);
    const res = await call(t, me.token, '/api/switch_activate_link', {
      item: { survey_id: sid, active: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(LIVE_SWITCH_OFF);
    expect(await snapshot(t, sid)).toEqual(before);
  });

  it('refuses an item without survey_id or a boolean active', async () => {
    const sid = await newDialog(t, me.token);
    for (const item of [{ active: true }, { survey_id: sid, active: 1 }, { survey_id: sid }, null]) {
      expect((await call(t, me.token, '/api/switch_activate_link', { item })).statusCode).toBe(400);
    }
  });
});
