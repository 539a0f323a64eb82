import { describe, expect, it } from 'vitest';
import { endNodeId, startNodeId } from '../../contract/blocks.ts';
import { DEFAULT_ENDING, DEFAULT_WELCOME, defaultSettings } from '../../contract/dialogs.ts';
import { LIVE_SWITCH_OFF } from '../sharing/permissions.ts';
import {
  addBlock,
  addMember,
  authorSession,
  blockOf,
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

describe('POST /api/update_survey_settings', () => {
  const settings = (sid: string, action: string, changed_values: unknown) =>
    call(t, me.token, '/api/update_survey_settings', { survey_id: sid, action, changed_values });

  const GOOD = {
    survey_name: 'Neuer Name',
    du_sie: 'du',
    language: 'en',
    privacy_declaration_text: 'Wir speichern nur, was nötig ist.',
    audio_messages: true,
    video_messages: true,
    welcome: 'Hi!§§#1000#§§Los geht’s.',
    ending: 'Bis bald!',
    avatar_name: 'Lotte',
    avatar_src: '/media/abc.png',
    background_link: 'https://example.org/bg.jpg',
    accent_color: '#EE6F2D',
    logo_src: 'dialogwerk',
    speed: 1.25,
    messenger: 'whatsapp',
    progress: true,
    end_redirect_url: 'https://panel.example/complete?id={{pid}}',
    end_redirect_delay: 5,
    ending_after_end_block: true,
    preview_title: 'Ihre Meinung zählt',
    preview_description: 'Fünf Minuten für eine bessere Bibliothek.',
    preview_image: '/media/vorschau.png',
  };
  const BAD: Record<string, unknown[]> = {
    survey_name: ['', 'x'.repeat(201), 3],
    du_sie: ['ihr', 1],
    language: ['fr', ''],
    privacy_declaration_text: ['x'.repeat(20_001), null],
    audio_messages: ['ja', 1],
    video_messages: [0],
    welcome: [{}],
    ending: [['a']],
    avatar_name: ['x'.repeat(101)],
    avatar_src: ['javascript:alert(1)', '/etc/passwd', '../geheim.png'],
    background_link: ['ftp://example.org/x.png'],
    accent_color: ['#12345', 'rot', '#GGGGGG', '5ABAB2'],
    logo_src: ['<svg>'],
    speed: [0.05, 2.5, '1', null],
    messenger: ['telegram'],
    progress: ['ja', 1],
    end_redirect_url: ['javascript:alert(1)', 'ftp://example.org/x', 'https://{{host}}/x'],
    end_redirect_delay: [-1, 61, 1.5, '3'],
    ending_after_end_block: ['ja', 1],
    preview_title: ['x'.repeat(121), 'zwei\nZeilen', 3],
    preview_description: ['x'.repeat(301), 'a\tb'],
    preview_image: ['dialogwerk', 'javascript:alert(1)', '../bild.png'],
  };

  it('changes every settings key, one at a time and all at once', async () => {
    const sid = await newDialog(t, me.token);
    for (const [key, value] of Object.entries(GOOD)) {
      const res = await settings(sid, 'config', { [key]: value });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json().settings[key]).toEqual(value);
    }
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.settings).toEqual(GOOD);
    expect(dialog).toMatchObject({ survey_name: 'Neuer Name', language: 'en', accent_color: '#EE6F2D' });
    const sid2 = await newDialog(t, me.token);
    expect((await settings(sid2, 'config', GOOD)).statusCode).toBe(200);
    expect((await dialogData(t, me.token, sid2)).settings).toEqual(GOOD);
  });

  it('a welcome and ending still at their default follow a change of language or form of address', async () => {
    const sid = await newDialog(t, me.token);
    expect((await dialogData(t, me.token, sid)).settings).toMatchObject({
      welcome: DEFAULT_WELCOME,
      ending: DEFAULT_ENDING,
    });
    const du = (await settings(sid, 'config', { du_sie: 'du' })).json().settings;
    expect(du.welcome).toBe(
      'Hallo! Schön, dass du da bist. Ich stelle dir ein paar kurze Fragen – das dauert nur wenige Minuten.',
    );
    expect(du.ending).toBe('Vielen Dank für deine Teilnahme! Du kannst das Fenster jetzt schließen.');
    await settings(sid, 'fixmessages', { ending: 'Tschüss!' });
    const en = (await settings(sid, 'config', { language: 'en' })).json().settings;
    expect(en).toMatchObject({
      welcome:
        'Hello! Good to have you here. I will ask you a few short questions – it only takes a few minutes.',
      ending: 'Tschüss!',
    });
    const back = (await settings(sid, 'config', { language: 'de', du_sie: 'sie' })).json().settings;
    expect(back).toMatchObject({ welcome: DEFAULT_WELCOME, ending: 'Tschüss!' });
    expect((await dialogData(t, me.token, sid)).welcome).toBe(DEFAULT_WELCOME);
  });

  it('refuses each bad value naming the key, and changes nothing', async () => {
    const sid = await newDialog(t, me.token);
    for (const [key, values] of Object.entries(BAD)) {
      for (const value of values) {
        const before = await snapshot(t, sid);
        const res = await settings(sid, 'config', { [key]: value });
        expect(res.statusCode, `${key}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().msg).toContain(key);
        expect(await snapshot(t, sid)).toEqual(before);
      }
    }
    for (const [action, values] of [
      ['config', {}],
      ['config', { unbekannt: 1 }],
      ['fixmessages', {}],
      ['fixmessages', { welcome: 'a', speed: 1 }],
      ['survey_list_isEnd', { unique_question_id: 'x' }],
      ['reboot', { welcome: 'a' }],
    ] as const) {
      const res = await settings(sid, action, values);
      expect(res.statusCode, `${action} ${JSON.stringify(values)}`).toBe(400);
    }
  });

  it('fixmessages sets welcome and ending', async () => {
    const sid = await newDialog(t, me.token);
    expect((await settings(sid, 'fixmessages', { welcome: 'Willkommen!' })).statusCode).toBe(200);
    expect((await settings(sid, 'fixmessages', { ending: 'Ende.', welcome: 'Hallo' })).statusCode).toBe(200);
    expect(await dialogData(t, me.token, sid)).toMatchObject({ welcome: 'Hallo', ending: 'Ende.' });
  });

  it('survey_list_isEnd sets is_end of a block with the block rules', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'message');
    const end = await addBlock(t, me.token, sid, 'end');
    const res = await settings(sid, 'survey_list_isEnd', { unique_question_id: q, is_end: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().blocks[0]).toMatchObject({ unique_question_id: q, is_end: 1 });
    expect((await blockOf(t, me.token, sid, q)).is_end).toBe(1);
    const bad = await settings(sid, 'survey_list_isEnd', { unique_question_id: end, is_end: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('is_end');
    expect(
      (await settings(sid, 'survey_list_isEnd', { unique_question_id: 'weg', is_end: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/surveys/{id}/structure', () => {
  const structure = (sid: string, connections: unknown) =>
    call(t, me.token, `/api/surveys/${sid}/structure`, { connections });

  it('turns drawn edges into jumps, is_end and the start page', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'message');
    const res = await structure(sid, [
      { source: q, target: b, sourceHandle: 'option-0' },
      { source: q, target: endNodeId(sid), sourceHandle: 'option-1' },
      { source: q, target: a },
      { source: a, target: endNodeId(sid), sourceHandle: null },
      { source: startNodeId(sid), target: b },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().blocks).toHaveLength(3);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      jump_to_ids: [b, endNodeId(sid)],
      jump_to_question: a,
      is_end: 0,
    });
    expect(await blockOf(t, me.token, sid, a)).toMatchObject({ is_end: 1, jump_to_question: null });
    expect(await blockOf(t, me.token, sid, b)).toMatchObject({ start_page: 1 });

    await structure(sid, [
      { source: q, target: null, sourceHandle: 'option-0' },
      { source: a, target: null },
      { source: startNodeId(sid), target: null },
    ]);
    expect((await blockOf(t, me.token, sid, q)).jump_to_ids).toEqual([null, endNodeId(sid)]);
    expect((await blockOf(t, me.token, sid, a)).is_end).toBe(0);
    expect((await blockOf(t, me.token, sid, b)).start_page).toBe(0);
  });

  it('refuses unknown nodes and handles, and applies none of the connections then', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const other = await newDialog(t, me.token);
    const foreign = await addBlock(t, me.token, other, 'message');
    for (const [connections, field] of [
      [[{ source: q, target: 'unbekannt' }], 'connections.0.target'],
      [[{ source: q, target: foreign }], 'connections.0.target'],
      [[{ source: 'unbekannt', target: q }], 'connections.0.source'],
      [
        [
          { source: q, target: null },
          { source: endNodeId(sid), target: q },
        ],
        'connections.1.source',
      ],
      [[{ source: q, target: startNodeId(sid) }], 'connections.0.target'],
      [[{ source: startNodeId(sid), target: endNodeId(sid) }], 'connections.0.target'],
      [[{ source: q, target: q, sourceHandle: 'option-2' }], 'sourceHandle'],
      [[{ source: q, target: q, sourceHandle: 'option-x' }], 'sourceHandle'],
      [[], 'connections'],
      [[{ source: q }], 'connections.0.target'],
    ] as const) {
      const before = await snapshot(t, sid);
      const res = await structure(sid, connections);
      expect(res.statusCode, JSON.stringify(connections)).toBe(400);
      expect(res.json().msg).toContain(field);
      expect(await snapshot(t, sid)).toEqual(before);
    }
    expect((await structure('gibt-es-nicht', [{ source: q, target: null }])).statusCode).toBe(404);
  });
});

describe('POST /api/surveys/{id}/positions', () => {
  const positions = (sid: string, list: unknown) =>
    call(t, me.token, `/api/surveys/${sid}/positions`, { positions: list });

  it('moves blocks and the start and end markers in one call, keeping block versions', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'open_text');
    const before = await blockOf(t, me.token, sid, a);
    const res = await positions(sid, [
      { id: a, position: { x: 100, y: 40 } },
      { id: b, position: { x: -20.5, y: 300 } },
      { id: startNodeId(sid), position: { x: 0, y: -80 } },
      { id: endNodeId(sid), position: { x: 10, y: 900 } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.blocks.map((x: { unique_question_id: string }) => x.unique_question_id).sort()).toEqual(
      [a, b].sort(),
    );
    expect(body.structure).toEqual([
      { id: startNodeId(sid), kind: 'start', position: { x: 0, y: -80 } },
      { id: endNodeId(sid), kind: 'end', position: { x: 10, y: 900 } },
    ]);
    const after = await blockOf(t, me.token, sid, a);
    expect(after).toMatchObject({ position: { x: 100, y: 40 }, version: before.version });
    expect((await blockOf(t, me.token, sid, b)).position).toEqual({ x: -20.5, y: 300 });
    const dialog = (await call(t, me.token, '/api/get_survey_data_configurator', { survey_id: sid })).json();
    expect(dialog.version).toBe(body.version);
    expect(dialog.structure).toEqual(body.structure);
  });

  it('refuses unknown, foreign and repeated nodes and bad positions, and moves nothing then', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const other = await newDialog(t, me.token);
    const foreign = await addBlock(t, me.token, other, 'message');
    const at = { x: 5, y: 5 };
    for (const [list, field] of [
      [[{ id: 'unbekannt', position: at }], 'positions.0.id'],
      [
        [
          { id: a, position: at },
          { id: foreign, position: at },
        ],
        'positions.1.id',
      ],
      [[{ id: startNodeId(other), position: at }], 'positions.0.id'],
      [
        [
          { id: a, position: at },
          { id: a, position: at },
        ],
        'positions.1.id',
      ],
      [[{ id: a, position: { x: 'links', y: 0 } }], 'positions.0.position.x'],
      [[{ id: a }], 'positions.0.position'],
      [[], 'positions'],
    ] as const) {
      const before = await snapshot(t, sid);
      const res = await positions(sid, list);
      expect(res.statusCode, JSON.stringify(list)).toBe(400);
      expect(res.json().msg).toContain(field);
      expect(await snapshot(t, sid)).toEqual(before);
    }
    expect((await positions('gibt-es-nicht', [{ id: a, position: at }])).statusCode).toBe(404);
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
