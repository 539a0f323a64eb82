import { call } from '../dialogs.ts';
import type { DialogCall } from './types.ts';

/** Calls of the chat (issue 4) and of sharing (issue 5). */
export const CHAT_AND_SHARING_CALLS: DialogCall[] = [
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
];
