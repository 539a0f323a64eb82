import { bearer } from '../app.ts';
import { call } from '../dialogs.ts';
import type { DialogCall } from './types.ts';

/** Calls of training and GPT exit conditions (issue 6). */
export const TRAINING_CALLS: DialogCall[] = [
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
];
