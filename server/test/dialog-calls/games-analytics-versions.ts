import { bearer } from '../app.ts';
import { call } from '../dialogs.ts';
import type { DialogCall } from './types.ts';

/** Calls of dialog managers (issue 7), analytics and export (issue 8) and versions (issue 21). */
export const GAME_ANALYTICS_VERSION_CALLS: DialogCall[] = [
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
