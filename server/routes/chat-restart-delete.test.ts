import { describe, expect, it } from 'vitest';
import { LIVE_NOT_REGISTERED_TITLE } from '../../contract/chat.ts';
import { blockId, chatCall, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { chatTurnCalls, EVERY_TYPE, type Turn } from '../test/chat-turns.ts';
import { blocksCall, liveToken } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();
const { answer, authorsDialog, answerFirst, storedAnswers } = chatTurnCalls(t);

describe('restart and delete', () => {
  it('restart begins a fresh session; the old one stays as unfinished', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const token = await liveToken(t, s);
    await answerFirst(token, s, 'Erster Versuch');
    const res = await chatCall(t, token, '/api/restart_delete', {
      survey_id: s,
      action: 'restart',
      live: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'success' });
    const fresh = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect(fresh.messages.map((m) => m.context)).not.toContain('Erster Versuch');
    expect(fresh.input).toMatchObject({ unique_question_id: blockId('name', s), turn: 0 });
    const sessions = await t.database.db
      .selectFrom('chat_sessions')
      .select(['finished_at', 'mode'])
      .where('survey_id', '=', dialog.id)
      .orderBy('id')
      .execute();
    expect(sessions).toEqual([
      { finished_at: null, mode: 'live' },
      { finished_at: null, mode: 'live' },
    ]);
    expect((await storedAnswers(dialog.id)).map((a) => a.value)).toEqual(['Erster Versuch']);
  });

  it('restarts before any answer leave one session, not one per restart', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const token = await liveToken(t, s);
    await chatOk(t, token, '/api/chat/start', { survey_id: s });
    const body = { survey_id: s, action: 'restart', live: true };
    for (let i = 0; i < 5; i++)
      expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    const sessions = () =>
      t.database.db.selectFrom('chat_sessions').select('id').where('survey_id', '=', dialog.id).execute();
    const [only] = await sessions();
    expect(await sessions()).toHaveLength(1);
    // Once something is answered, a restart keeps the session as unfinished.
    await answer(token, s, (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn, 'Ada');
    expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    expect((await sessions()).map((r) => r.id)).toContain(only!.id);
    expect(await sessions()).toHaveLength(2);
  });

  it('a respondent whose current block the author deletes answers it on the version they started on', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    const s = dialog.surveyId;
    const me = await registerLive(t, s);
    const first = (await chatOk(t, me.token_live, '/api/chat/start', { survey_id: s })) as Turn;
    expect(first.input).toMatchObject({ unique_question_id: blockId('name', s) });
    const del = await blocksCall(t, token, s, { action: 'delete', unique_question_id: blockId('name', s) });
    expect(del.statusCode).toBe(200);
    // The chat keeps its version (server/versions): the deleted block is still asked and answered there.
    const next = await answer(me.token_live, s, first, 'Ada');
    expect(next.finished).toBe(false);
    expect(next.input).toMatchObject({ unique_question_id: blockId('color', s) });
    expect(next.messages.map((m) => m.context)).toEqual(['Ada', 'Lieblingsfarbe, Ada?']);
    expect((await storedAnswers(dialog.id)).map((a) => a.value)).toEqual(['Ada']);
  });

  it('the author restarts the test chat with live false', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE, { active: false });
    const body = { survey_id: dialog.surveyId, action: 'restart', live: false };
    expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    expect((await chatCall(t, token, '/api/restart_delete', { ...body, live: true })).statusCode).toBe(400);
    const del = await chatCall(t, token, '/api/restart_delete', { ...body, action: 'delete' });
    expect(del.statusCode).toBe(403);
  });

  it("delete removes the participant's data of the dialog and revokes their refresh tokens", async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const me = await registerLive(t, s);
    const other = await registerLive(t, s);
    for (const token of [me.token_live, other.token_live]) {
      await answerFirst(token, s, 'Antwort');
    }
    const res = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: s,
      action: 'delete',
      live: true,
    });
    expect(res.statusCode).toBe(200);

    const mine = await t.database.db
      .selectFrom('chat_sessions')
      .select('id')
      .where('participant_id', '=', me.user_id)
      .execute();
    expect(mine).toEqual([]);
    const left = await t.database.db
      .selectFrom('answers')
      .select('session_id')
      .where('survey_id', '=', dialog.id)
      .execute();
    expect(left).toHaveLength(1);
    const messages = await t.database.db.selectFrom('chat_messages').select('session_id').execute();
    expect(new Set(messages.map((m) => m.session_id)).size).toBeGreaterThan(0);
    expect(messages.every((m) => !mine.some((x) => x.id === m.session_id))).toBe(true);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: me.refresh_token_live },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await chatCall(t, me.token_live, '/api/chat/start', { survey_id: s });
    expect(again.statusCode).toBe(403);
    expect(again.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    // Deleting again is harmless, and works on an inactive dialog too.
    await t.database.db.updateTable('surveys').set({ active: 0 }).where('id', '=', dialog.id).execute();
    const twice = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: s,
      action: 'delete',
      live: true,
    });
    expect(twice.statusCode).toBe(200);
    const unknown = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: 'gibt-es-nicht',
      action: 'delete',
      live: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a participant's credentials for another dialog delete nothing there and keep their own session", async () => {
    const mine = await createChatDialog(t, EVERY_TYPE);
    const theirs = await createChatDialog(t, EVERY_TYPE);
    const me = await registerLive(t, mine.surveyId);
    const other = await registerLive(t, theirs.surveyId);
    await answerFirst(other.token_live, theirs.surveyId, 'Antwort');
    const res = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: theirs.surveyId,
      action: 'delete',
      live: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    expect(await storedAnswers(theirs.id)).toHaveLength(1);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: me.refresh_token_live },
    });
    expect(refresh.statusCode).toBe(200);
  });
});
