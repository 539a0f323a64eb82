import { bearer, type TestApp } from '../app.ts';
import { call } from '../dialogs.ts';
import type { DialogCall } from './types.ts';

function uploadText(t: TestApp, token: string | undefined, sid: string) {
  const boundary = 'matrix';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="survey_id"\r\n\r\n${sid}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n` +
    `Content-Type: image/png\r\n\r\nkein Bild\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/upload_media',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  });
}

/** Calls of the configurator: dialogs, blocks, settings and media (issue 3). */
export const CONFIGURATOR_CALLS: DialogCall[] = [
  {
    name: 'get_survey_data_configurator',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/get_survey_data_configurator', { survey_id: d.sid }),
  },
  { name: 'dialog', need: 'view', send: (t, tk, d) => call(t, tk, '/api/dialog', { survey_id: d.sid }) },
  {
    name: 'update_survey_blocks',
    need: 'configure',
    send: (t, tk, d) =>
      call(t, tk, '/api/update_survey_blocks', {
        survey_id: d.sid,
        action: 'update',
        unique_question_id: d.block,
        changed_values: { context: 'Neu' },
      }),
  },
  {
    name: 'update_survey_settings',
    need: 'configure',
    send: (t, tk, d) =>
      call(t, tk, '/api/update_survey_settings', {
        survey_id: d.sid,
        action: 'fixmessages',
        changed_values: { welcome: 'Hallo' },
      }),
  },
  {
    name: 'surveys/:id/structure',
    need: 'configure',
    send: (t, tk, d) =>
      call(t, tk, `/api/surveys/${d.sid}/structure`, { connections: [{ source: d.block, target: null }] }),
  },
  {
    name: 'surveys/:id/positions',
    need: 'configure',
    send: (t, tk, d) =>
      call(t, tk, `/api/surveys/${d.sid}/positions`, {
        positions: [{ id: d.block, position: { x: 10, y: 20 } }],
      }),
  },
  {
    name: 'surveys/:id/blocks/:question_id/answer_count',
    need: 'configure',
    send: (t, tk, d) =>
      t.app.inject({
        method: 'GET',
        url: `/api/surveys/${d.sid}/blocks/${d.block}/answer_count`,
        headers: tk ? bearer(tk) : {},
      }),
  },
  {
    name: 'preflight',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/preflight', { survey_id: d.sid }),
  },
  {
    name: 'switch_activate_link',
    need: 'live_switch',
    send: (t, tk, d) =>
      call(t, tk, '/api/switch_activate_link', { item: { survey_id: d.sid, active: false } }),
  },
  {
    name: 'duplicate_survey',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/duplicate_survey', { survey_id: d.sid }),
  },
  {
    name: 'delete_survey',
    need: 'owner',
    send: (t, tk, d) => call(t, tk, '/api/delete_survey', { survey_id: d.sid }),
  },
  {
    name: 'audit/dialog',
    need: 'owner',
    send: (t, tk, d) => call(t, tk, '/api/audit/dialog', { survey_id: d.sid }),
  },
  {
    name: 'get_retention',
    need: 'view',
    send: (t, tk, d) => call(t, tk, '/api/get_retention', { survey_id: d.sid }),
  },
  {
    name: 'set_retention',
    need: 'owner',
    send: (t, tk, d) => call(t, tk, '/api/set_retention', { survey_id: d.sid, retention_days: 30 }),
  },
  {
    name: 'list_quotas',
    need: 'view',
    send: (t, tk, d) => call(t, tk, '/api/list_quotas', { survey_id: d.sid }),
  },
  {
    name: 'create_quota',
    need: 'configure',
    // The fixture has no choice block: past the guard the condition is refused with 400.
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/create_quota', {
        survey_id: d.sid,
        quota: {
          name: 'Q',
          conditions: [{ kind: 'block', block_id: d.block, values: ['a'] }],
          limit: 1,
          end_block: null,
        },
      }),
  },
  {
    name: 'update_quota',
    need: 'configure',
    // The fixture declares no hidden field: past the guard the condition is refused with 400.
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/update_quota', {
        survey_id: d.sid,
        id: 1_000_000,
        quota: {
          name: 'Q',
          conditions: [{ kind: 'hidden', field: 'pid', values: ['1'] }],
          limit: 1,
          end_block: null,
        },
      }),
  },
  {
    name: 'delete_quota',
    need: 'configure',
    // No such quota: past the guard the call answers its own 404.
    ok: 404,
    send: (t, tk, d) => call(t, tk, '/api/delete_quota', { survey_id: d.sid, id: 1_000_000 }),
  },
  {
    name: 'get_media_list',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/get_media_list', { survey_id: d.sid }),
  },
  {
    name: 'delete_media',
    need: 'configure',
    // The file does not exist: past the guard the call answers its own 404.
    ok: 404,
    send: (t, tk, d) => call(t, tk, '/api/delete_media', { survey_id: d.sid, filename_db: 'nicht-da.png' }),
  },
  {
    name: 'upload_media',
    need: 'configure',
    // The "image" is text: past the guard the upload is refused as the wrong format.
    ok: 400,
    send: (t, tk, d) => uploadText(t, tk, d.sid),
  },
];
