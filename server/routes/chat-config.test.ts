import { describe, expect, it } from 'vitest';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();

describe('get_config and get_survey_language', () => {
  it('answers the client config from the settings, also for an inactive dialog', async () => {
    const dialog = await createChatDialog(t, [], {
      active: false,
      settings: {
        accent_color: '#112233',
        logo_src: '/img/logo.svg',
        avatar_src: 'https://example.org/a.png',
        avatar_name: 'Lina',
        background_link: '/media/bg.png',
        video_messages: true,
        audio_messages: false,
        messenger: 'whatsapp',
        speed: 1.5,
      },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      config: {
        accent_color: '#112233',
        logo_src: '/img/logo.svg',
        avatar_src: 'https://example.org/a.png',
        avatar_name: 'Lina',
        video_messages: true,
        audio_messages: false,
        background_image: '/media/bg.png',
      },
      survey_id: dialog.surveyId,
      survey_id_int: dialog.id,
      survey_name: 'Chat-Test',
      messenger_ui: 'whatsapp',
      avatar_name: 'Lina',
      background_link: '/media/bg.png',
      speed: 1.5,
      feedback_allowed: false,
      training_mode: true,
      active: false,
    });
    await t.database.db.updateTable('surveys').set({ intrance: 0 }).where('id', '=', dialog.id).execute();
    const off = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(off.json().training_mode).toBe(false);
  });

  it('speed defaults to 0.5; unknown dialogs are 404, a missing id 400', async () => {
    const dialog = await createChatDialog(t, []);
    const res = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(res.json().speed).toBe(0.5);
    expect(res.json().active).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/get_config?survey_id=nope' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/get_config' })).statusCode).toBe(400);
  });

  it.each([
    ['de', 'sie', 'Möchten Sie den Dialog abbrechen?', 'Abbrechen'],
    ['de', 'du', 'Möchtest du den Dialog abbrechen?', 'Abbrechen'],
    ['en', 'sie', 'Do you want to cancel the dialog?', 'Cancel'],
  ] as const)('language fragments in %s (%s)', async (language, du_sie, deleteText, deleteLabel) => {
    const dialog = await createChatDialog(t, [], { settings: { language, du_sie } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get_survey_language',
      payload: { survey_id: dialog.surveyId },
    });
    expect(res.statusCode).toBe(200);
    const info = res.json().nav_bar_information;
    expect(info.language).toBe(language);
    expect(info.du_sie).toBe(du_sie);
    expect(Object.keys(info.navar_language_fragments).sort()).toEqual(
      ['delete', 'delete_pop_up', 'privacy', 'restart', 'restart_pop_up'].sort(),
    );
    expect(Object.keys(info.navar_language_fragments.restart_pop_up).sort()).toEqual([
      'btn_back',
      'btn_restart',
      'header',
      'text',
    ]);
    expect(Object.keys(info.navar_language_fragments.delete_pop_up).sort()).toEqual([
      'btn_back',
      'btn_delete',
      'header',
      'text',
    ]);
    expect(info.navar_language_fragments.delete_pop_up.text).toContain(deleteText);
    expect(info.navar_language_fragments.delete).toBe(deleteLabel);
  });

  it('the language of an unknown dialog is 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get_survey_language',
      payload: { survey_id: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
