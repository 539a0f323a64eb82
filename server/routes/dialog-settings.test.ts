import { describe, expect, it } from 'vitest';
import { DEFAULT_ENDING, DEFAULT_WELCOME } from '../../contract/dialogs.ts';
import { addBlock, blockOf, call, dialogData, newDialog, snapshot } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);

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
