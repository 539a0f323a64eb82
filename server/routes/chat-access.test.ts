import { describe, expect, it } from 'vitest';
import { LIVE_NOT_REGISTERED_TITLE } from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { createAuthor, loginAs } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { chatTurnCalls, EVERY_TYPE, type Turn } from '../test/chat-turns.ts';
import { liveToken } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();
const { answer, authorsDialog, answerFirst, storedAnswers } = chatTurnCalls(t);

describe('respondents, modes and permissions', () => {
  it('two respondents of the same dialog never see each other', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const a = await liveToken(t, s);
    const b = await liveToken(t, s);
    const startA = (await chatOk(t, a, '/api/chat/start', { survey_id: s })) as Turn;
    const startB = (await chatOk(t, b, '/api/chat/start', { survey_id: s })) as Turn;
    await answer(a, s, startA, 'Anna-Geheim');
    await answer(b, s, startB, 'Bert-Geheim');
    const historyA = JSON.stringify(await chatOk(t, a, '/api/chat/history', { survey_id: s }));
    const historyB = JSON.stringify(await chatOk(t, b, '/api/chat/history', { survey_id: s }));
    expect(historyA).toContain('Anna-Geheim');
    expect(historyA).not.toContain('Bert-Geheim');
    expect(historyB).toContain('Bert-Geheim');
    expect(historyB).not.toContain('Anna-Geheim');
  });

  it('test answers of the author are kept apart from live answers', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    const s = dialog.surveyId;
    const live = await liveToken(t, s);
    await answerFirst(live, s, 'Live-Antwort');
    const test = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect(test.messages.map((m) => m.context)).not.toContain('Live-Antwort');
    await answer(token, s, test, 'Test-Antwort');
    const rows = await storedAnswers(dialog.id);
    expect(rows.map((r) => [r.value, r.mode])).toEqual([
      ['Live-Antwort', 'live'],
      ['Test-Antwort', 'test'],
    ]);
    const authorHistory = JSON.stringify(await chatOk(t, token, '/api/chat/history', { survey_id: s }));
    expect(authorHistory).not.toContain('Live-Antwort');
  });

  it('an inactive dialog refuses live chats with its title; the author test chat works', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE, { active: false });
    const live = await liveToken(t, dialog.surveyId);
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, live, path, { survey_id: dialog.surveyId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ title: ERROR_TITLES.dialogInactive, msg: MESSAGES.dialogEnded });
    }
    const restart = await chatCall(t, live, '/api/restart_delete', {
      survey_id: dialog.surveyId,
      action: 'restart',
      live: true,
    });
    expect(restart.json().title).toBe('Dialog ist nicht mehr aktiv.');
    expect((await chatCall(t, token, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      200,
    );
  });

  it.each<[string, string | null, number, number]>([
    ['owner', 'owner', 200, 0],
    ['Voller Zugriff', 'full', 200, 0],
    ['Bearbeiten + Trainieren', 'edit_train', 200, 0],
    ['Trainieren', 'train', 200, 0],
    ['Analysieren (no test right)', 'analyse', 403, 0],
    ['a pending invitee', 'full', 404, 1],
    ['not a member', null, 404, 0],
  ])('author chat permission: %s', async (_name, role, status, pending) => {
    const owner = await createAuthor(t);
    const caller = role === 'owner' ? owner : await createAuthor(t);
    const dialog = await createChatDialog(t, EVERY_TYPE, { ownerId: owner.id });
    if (role !== null && role !== 'owner') {
      await t.database.db
        .insertInto('members')
        .values({
          survey_id: dialog.id,
          name: `${caller.username}@example.org`,
          user_id: caller.id,
          role,
          invite_accepted: pending ? 0 : 1,
          created_at: t.clock.now,
        })
        .execute();
    }
    const { token } = await loginAs(t, caller.username, caller.password);
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, token, path, { survey_id: dialog.surveyId });
      expect(res.statusCode).toBe(status);
    }
  });

  it('the Testen module switched off refuses the author test chat', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    await t.database.db.updateTable('surveys').set({ testen: 0 }).where('id', '=', dialog.id).execute();
    expect((await chatCall(t, token, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      403,
    );
  });

  it('a live token works only on the dialogs it was registered for', async () => {
    const one = await createChatDialog(t, EVERY_TYPE);
    const two = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, one.surveyId);
    await chatOk(t, token, '/api/chat/start', { survey_id: one.surveyId });
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, token, path, { survey_id: two.surveyId });
      expect(res.statusCode).toBe(403);
      expect(res.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    }
    const answerElsewhere = await chatCall(t, token, '/api/chat/answer', {
      survey_id: two.surveyId,
      unique_question_id: blockId('name', two.surveyId),
      answer: 'x',
    });
    expect(answerElsewhere.statusCode).toBe(403);

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/register_live_list',
      payload: { survey_id_list: [one.surveyId, two.surveyId] },
    });
    const both = list.json().token_live as string;
    await chatOk(t, both, '/api/chat/start', { survey_id: one.surveyId });
    await chatOk(t, both, '/api/chat/start', { survey_id: two.surveyId });
  });

  it('no token, a bad token or an unknown dialog', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    expect((await chatCall(t, null, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(401);
    expect((await chatCall(t, 'a.b.c', '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      401,
    );
    const unknown = await chatCall(t, token, '/api/chat/start', { survey_id: 'gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('Dialog nicht gefunden.');
  });
});
