import { describe, expect, it } from 'vitest';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import { knownDataForFile, SPECS, T0 } from '../test/analytics-known-data.ts';
import { createAuthor, loginAs } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { addMember, call } from '../test/dialogs.ts';

const { t, me, dialog } = knownDataForFile();

describe('a chat driven through the chat calls', () => {
  it('counts a multiple choice respondent once and times the answer from the question', async () => {
    const owner = await createAuthor(t);
    const ownerToken = (await loginAs(t, owner.username, owner.password)).token;
    const d = await createChatDialog(
      t,
      [
        { id: 'a', type: 'single_choice', options: ['ja', 'nein'] },
        { id: 'b', type: 'multiple_choice', options: ['x', 'y', 'z'] },
      ],
      { ownerId: owner.id },
    );
    const live = (await registerLive(t, d.surveyId)).token_live;
    await chatOk(t, live, '/api/chat/start', { survey_id: d.surveyId });
    t.clock.now += 3000;
    await chatOk(t, live, '/api/chat/answer', {
      survey_id: d.surveyId,
      unique_question_id: blockId('a', d.surveyId),
      answer: 'ja',
    });
    t.clock.now += 7000;
    await chatOk(t, live, '/api/chat/answer', {
      survey_id: d.surveyId,
      unique_question_id: blockId('b', d.surveyId),
      answer: ['x', 'z'],
    });
    const res = await call(t, ownerToken, '/api/analytics/summary', { survey_id: d.surveyId });
    expect(res.statusCode, res.body).toBe(200);
    const s: SurveySummaryResponse = res.json();
    expect(s.headline).toMatchObject({ started: 1, finished: 1, duration_median_ms: 10_000 });
    expect(s.blocks.map((b) => [b.reached, b.answered, b.time_median_ms])).toEqual([
      [1, 1, 3000],
      [1, 1, 7000],
    ]);
    expect(s.blocks[1]!.result).toMatchObject({
      respondents: 1,
      options: [{ count: 1 }, { count: 0 }, { count: 1 }],
    });
  });
});

describe('multi-dialog chats', () => {
  it('includes only the connected dialogs the caller may analyse; players and progress', async () => {
    const db = t.database.db;
    const foreign = await createChatDialog(t, SPECS);
    const manager = await db
      .insertInto('dialog_managers')
      .values({ name: 'Spiel', game_title: 'Tatort', created_at: T0, updated_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('manager_surveys')
      .values([
        { dialog_manager_id: manager.id, survey_id: foreign.id, ord: 1 },
        { dialog_manager_id: manager.id, survey_id: dialog.id, ord: 2 },
      ])
      .execute();
    const res = await call(t, me.token, '/api/analytics/multichat_summary', {
      dialog_manager_id: manager.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dialog_manager_id: manager.id,
      name: 'Spiel',
      game_title: 'Tatort',
      players: 4,
    });
    expect(body.progress).toEqual([
      { survey_id: dialog.surveyId, survey_name: 'Chat-Test', started: 4, finished: 2 },
    ]);
    expect(body.dialogs.map((d: SurveySummaryResponse) => d.survey_id)).toEqual([dialog.surveyId]);

    const stranger = await createAuthor(t);
    const strangerToken = (await loginAs(t, stranger.username, stranger.password)).token;
    const hidden = await call(t, strangerToken, '/api/analytics/multichat_summary', {
      dialog_manager_id: manager.id,
    });
    expect(hidden.statusCode).toBe(404);
    await addMember(t, foreign.surveyId, stranger.id, 'analyse');
    const one = (
      await call(t, strangerToken, '/api/analytics/multichat_summary', { dialog_manager_id: manager.id })
    ).json();
    expect(one.progress.map((p: { survey_id: string }) => p.survey_id)).toEqual([foreign.surveyId]);
    expect(one.players).toBe(0);
    expect(
      (await call(t, me.token, '/api/analytics/multichat_summary', { dialog_manager_id: 2_000_000_000 }))
        .statusCode,
    ).toBe(404);
  });
});
