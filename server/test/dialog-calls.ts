import type { LightMyRequestResponse } from 'fastify';
import type { DialogNeed } from '../sharing/permissions.ts';
import { bearer, type TestApp } from './app.ts';
import { call } from './dialogs.ts';

/**
 * The registry of every author call that takes a survey_id (or, later, a dialog_manager_id), with what
 * its guard asks of the caller's role. server/sharing/permission-matrix.test.ts calls each one as every
 * kind of caller. A new call on a dialog gets a row here; that is all the matrix needs.
 */

/** Who calls: the owner, a member of each role, a pending invitee, a non-member, a live participant, nobody. */
export const CALLERS = [
  'owner',
  'full',
  'edit_train',
  'train',
  'analyse',
  'pending',
  'stranger',
  'live',
  'none',
] as const;
export type Caller = (typeof CALLERS)[number];

/** A fresh dialog for one call by one caller (sessions are shared, dialogs never are). */
export interface DialogFixture {
  sid: string;
  /** A message block of the dialog. */
  block: string;
  /** Members rows the sharing calls can act on. */
  names: {
    /** The accepted member with the role 'analyse'. */
    analyse: string;
    /** An address invited without an account, still pending. */
    invited: string;
  };
}

export interface DialogCall {
  name: string;
  /** What the guard asks (server/sharing/permissions.ts); 'invitee' = only the pending invitee may call. */
  need: DialogNeed | 'invitee';
  /** The status of a caller the guard lets through (default 200). */
  ok?: number;
  /** A live participant's token registered for the dialog: author calls answer 403 (default). */
  live?: number;
  /** Statuses that differ from the rule for some callers, with the reason in a comment. */
  except?: Partial<Record<Caller, number>>;
  send(t: TestApp, token: string | undefined, d: DialogFixture): Promise<LightMyRequestResponse>;
}

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

export const DIALOG_CALLS: DialogCall[] = [
  // ------------------------------------------------------------------ dialogs, blocks, settings, media (issue 3)
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

  // ------------------------------------------------------------------ chat (issue 4)
  {
    name: 'chat/start',
    need: 'test',
    live: 200,
    send: (t, tk, d) => call(t, tk, '/api/chat/start', { survey_id: d.sid }),
  },
  {
    name: 'chat/history',
    need: 'test',
    live: 200,
    send: async (t, tk, d) => {
      await call(t, tk, '/api/chat/start', { survey_id: d.sid });
      return call(t, tk, '/api/chat/history', { survey_id: d.sid });
    },
  },
  {
    name: 'chat/answer',
    need: 'test',
    // The dialog's only block is a message, so no answer is awaited: the call's own 409.
    ok: 409,
    live: 409,
    send: async (t, tk, d) => {
      await call(t, tk, '/api/chat/start', { survey_id: d.sid });
      return call(t, tk, '/api/chat/answer', { survey_id: d.sid, unique_question_id: d.block, answer: 'x' });
    },
  },
  {
    name: 'restart_delete (restart, author)',
    need: 'test',
    // live: false with a live token is a contradiction in the body.
    live: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/restart_delete', { survey_id: d.sid, action: 'restart', live: false }),
  },
  {
    name: 'chat/flag_answer',
    need: 'test',
    // No such answer: past the guard the call's own 404.
    ok: 404,
    send: (t, tk, d) => call(t, tk, '/api/chat/flag_answer', { survey_id: d.sid, answer_id: 2_000_000_000 }),
  },
  {
    name: 'chat/flagged_answers',
    need: 'test',
    send: (t, tk, d) => call(t, tk, '/api/chat/flagged_answers', { survey_id: d.sid }),
  },

  // ------------------------------------------------------------------ sharing (issue 5)
  {
    name: 'get_dialog_permissions',
    need: 'view',
    send: (t, tk, d) => call(t, tk, '/api/get_dialog_permissions', { survey_id: d.sid }),
  },
  {
    name: 'invite_user',
    need: 'share',
    send: (t, tk, d) =>
      call(t, tk, '/api/invite_user', { survey_id: d.sid, name: 'neu@example.org', new_role: 'train' }),
  },
  {
    name: 'resend_invite',
    need: 'share',
    send: (t, tk, d) =>
      call(t, tk, '/api/resend_invite', { survey_id: d.sid, name: d.names.invited, new_role: 'train' }),
  },
  {
    name: 'change_permission_user',
    need: 'share',
    send: (t, tk, d) =>
      call(t, tk, '/api/change_permission_user', {
        survey_id: d.sid,
        name: d.names.analyse,
        new_role: 'train',
      }),
  },
  {
    name: 'delete_sharing_user',
    need: 'share',
    send: (t, tk, d) => call(t, tk, '/api/delete_sharing_user', { survey_id: d.sid, name: d.names.analyse }),
  },
  {
    name: 'accept_invitation',
    need: 'invitee',
    send: (t, tk, d) => call(t, tk, '/api/accept_invitation', { survey_id: d.sid }),
  },
  {
    name: 'decline_invitation',
    need: 'invitee',
    send: (t, tk, d) => call(t, tk, '/api/decline_invitation', { survey_id: d.sid }),
  },
  // ------------------------------------------------------------------ training and GPT exit conditions (issue 6)
  {
    name: 'surveys/:id/trainingdata_jumps/:question_id',
    need: 'train',
    send: (t, tk, d) =>
      t.app.inject({
        method: 'GET',
        url: `/api/surveys/${d.sid}/trainingdata_jumps/${d.block}`,
        headers: tk ? bearer(tk) : {},
      }),
  },
  // The fixture's block is a message block: past the guard the training calls on it answer their own 400.
  ...(['get_examples', 'train', 'status'] as const).map(
    (name): DialogCall => ({
      name: `training/${name}`,
      need: 'train',
      ok: 400,
      send: (t, tk, d) =>
        call(t, tk, `/api/training/${name}`, { survey_id: d.sid, unique_question_id: d.block }),
    }),
  ),
  {
    name: 'training/add_example',
    need: 'train',
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/training/add_example', {
        survey_id: d.sid,
        unique_question_id: d.block,
        branch: 'none',
        text: 'x',
      }),
  },
  {
    name: 'training/import_examples',
    need: 'train',
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/training/import_examples', {
        survey_id: d.sid,
        unique_question_id: d.block,
        format: 'lines',
        branch: 'none',
        text: 'x',
        dry_run: true,
      }),
  },
  {
    name: 'training/set_threshold',
    need: 'train',
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/training/set_threshold', {
        survey_id: d.sid,
        unique_question_id: d.block,
        threshold: 0.5,
      }),
  },
  {
    name: 'training/get_inbox',
    need: 'train',
    send: (t, tk, d) => call(t, tk, '/api/training/get_inbox', { survey_id: d.sid }),
  },
  // No such example or inbox item: past the guard the call's own 404.
  ...(['update_example', 'delete_example', 'assign_inbox', 'dismiss_inbox'] as const).map(
    (name): DialogCall => ({
      name: `training/${name}`,
      need: 'train',
      ok: 404,
      send: (t, tk, d) =>
        call(t, tk, `/api/training/${name}`, {
          survey_id: d.sid,
          id: 2_000_000_000,
          text: 'x',
          branch: 'none',
        }),
    }),
  ),
  {
    name: 'POST surveys/:id/gpt_exit_conditions',
    need: 'configure',
    // The fixture's block is no gpt block: past the guard the call's own 400.
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, `/api/surveys/${d.sid}/gpt_exit_conditions`, {
        unique_question_id: d.block,
        condition: 'x',
      }),
  },
  // No such condition: past the guard the call's own 404.
  {
    name: 'PUT surveys/:id/gpt_exit_conditions/:conditionId',
    need: 'configure',
    ok: 404,
    send: (t, tk, d) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/surveys/${d.sid}/gpt_exit_conditions/2000000000`,
        payload: { condition: 'x' },
        headers: tk ? bearer(tk) : {},
      }),
  },
  {
    name: 'DELETE surveys/:id/gpt_exit_conditions/:conditionId',
    need: 'configure',
    ok: 404,
    send: (t, tk, d) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/surveys/${d.sid}/gpt_exit_conditions/2000000000`,
        headers: tk ? bearer(tk) : {},
      }),
  },
  // ------------------------------------------------------------------ dialog managers (issue 7)
  {
    name: 'find_dialogmanager_status/:id',
    need: 'view',
    send: (t, tk, d) =>
      t.app.inject({
        method: 'GET',
        url: `/api/find_dialogmanager_status/${d.sid}`,
        headers: tk ? bearer(tk) : {},
      }),
  },
  {
    name: 'get_trigger_targets/:id',
    need: 'configure',
    send: (t, tk, d) =>
      t.app.inject({
        method: 'GET',
        url: `/api/get_trigger_targets/${d.sid}`,
        headers: tk ? bearer(tk) : {},
      }),
  },
  // ------------------------------------------------------------------ analytics and export (issue 8)
  ...(['summary', 'respondents'] as const).map(
    (name): DialogCall => ({
      name: `analytics/${name}`,
      need: 'analyse',
      send: (t, tk, d) => call(t, tk, `/api/analytics/${name}`, { survey_id: d.sid }),
    }),
  ),
  {
    name: 'analytics/answers',
    need: 'analyse',
    send: (t, tk, d) =>
      call(t, tk, '/api/analytics/answers', { survey_id: d.sid, unique_question_id: d.block }),
  },
  {
    name: 'analytics/crosstab',
    need: 'analyse',
    // The fixture's block is a message block: past the guard the call's own 400.
    ok: 400,
    send: (t, tk, d) =>
      call(t, tk, '/api/analytics/crosstab', {
        survey_id: d.sid,
        row_question_id: d.block,
        column_question_id: d.block,
      }),
  },
  // No such session: past the guard the call's own 404.
  ...(['transcript', 'delete_respondent'] as const).map(
    (name): DialogCall => ({
      name: `analytics/${name}`,
      need: 'analyse',
      ok: 404,
      send: (t, tk, d) =>
        call(t, tk, `/api/analytics/${name}`, { survey_id: d.sid, session_id: 2_000_000_000 }),
    }),
  ),
  {
    // The matrix's tokens come from a password login on a clock that stands still: they are fresh.
    name: 'excel_export',
    need: 'analyse',
    send: (t, tk, d) => call(t, tk, '/api/excel_export', { survey_id: d.sid }),
  },
  // ------------------------------------------------------------------ versions (issue 21)
  ...(['get_version_state', 'list_versions'] as const).map(
    (name): DialogCall => ({
      name,
      need: 'view',
      send: (t, tk, d) => call(t, tk, `/api/${name}`, { survey_id: d.sid }),
    }),
  ),
  {
    name: 'diff_versions',
    need: 'view',
    send: (t, tk, d) => call(t, tk, '/api/diff_versions', { survey_id: d.sid, from: 'draft', to: 'draft' }),
  },
  {
    name: 'set_version_mode',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/set_version_mode', { survey_id: d.sid, mode: 'publish' }),
  },
  {
    name: 'publish_version',
    need: 'configure',
    send: (t, tk, d) => call(t, tk, '/api/publish_version', { survey_id: d.sid, note: 'Matrix' }),
  },
  {
    // Published first by the same caller, so that version 1 exists for those who may configure.
    name: 'restore_version',
    need: 'configure',
    send: async (t, tk, d) => {
      await call(t, tk, '/api/publish_version', { survey_id: d.sid });
      return call(t, tk, '/api/restore_version', { survey_id: d.sid, number: 1 });
    },
  },
];
