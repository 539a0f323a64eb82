import { describe, expect, it } from 'vitest';
import type { AnalyticsFiltersInput } from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { RESPONDENT_NOT_FOUND } from '../analytics/errors.ts';
import { insertRespondent } from '../test/analytics-data.ts';
import { DAY, knownDataForFile, SPECS, T0 } from '../test/analytics-known-data.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';

const { t, me, dialog, S, q, summary } = knownDataForFile();

describe('answers table', () => {
  const answers = (body: object) =>
    call(t, me.token, '/api/analytics/answers', {
      survey_id: dialog.surveyId,
      unique_question_id: q('ot'),
      ...body,
    });

  it('newest first with branch, confidence and follow-up', async () => {
    const res = await answers({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: 3,
      rows: [
        {
          session_id: S.s3,
          value: 'billig; "sehr"',
          branch: null,
          confidence: 0.2,
          followup: 'so',
          created_on: T0 + 2 * DAY + 16_000,
        },
        {
          session_id: S.s2,
          value: 'gute Qualität',
          branch: 'Qualität',
          confidence: 0.7,
          followup: null,
          created_on: T0 + DAY + 20_000,
        },
        {
          session_id: S.s1,
          value: 'Zu TEUER',
          branch: 'Preis',
          confidence: 0.9,
          followup: 'weil',
          created_on: T0 + 26_000,
        },
      ],
    });
  });

  it('searches case-insensitively, taking % and _ literally, and pages', async () => {
    expect(
      (await answers({ search: 'teuer' })).json().rows.map((r: { session_id: number }) => r.session_id),
    ).toEqual([S.s1]);
    expect((await answers({ search: '%' })).json().total).toBe(0);
    expect((await answers({ search: '_' })).json().total).toBe(0);
    const page = (await answers({ page: 1, page_size: 2 })).json();
    expect([page.total, page.rows.length, page.rows[0].session_id]).toEqual([3, 1, S.s1]);
  });

  it('a block of another dialog is 404', async () => {
    expect((await answers({ unique_question_id: 'gibt-es-nicht' })).statusCode).toBe(404);
  });
});

describe('cross-tabulation', () => {
  const crosstab = (row: string, column: string, filters: AnalyticsFiltersInput = {}) =>
    call(t, me.token, '/api/analytics/crosstab', {
      survey_id: dialog.surveyId,
      row_question_id: q(row),
      column_question_id: q(column),
      filters,
    });

  it('choice against Likert, keine Angabe as the last column', async () => {
    const res = await crosstab('sc', 'lk');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: ['ja', 'nein'],
      columns: ['1', '2', '3', '4', LIKERT_NA_LABEL],
      counts: [
        [1, 0, 1, 0, 0],
        [0, 0, 0, 0, 1],
      ],
      row_totals: [2, 1],
      column_totals: [1, 0, 1, 0, 1],
      total: 3,
    });
  });

  it('multiple choice counts a session once per chosen option; the totals count sessions', async () => {
    expect((await crosstab('sc', 'mc')).json()).toEqual({
      rows: ['ja', 'nein'],
      columns: ['Obst', 'Gemüse', 'Brot'],
      counts: [
        [2, 0, 1],
        [0, 1, 0],
      ],
      // 'ja': S1 (Obst, Brot) and S3 (Obst), three cells' worth of mentions, two sessions.
      row_totals: [2, 1],
      column_totals: [2, 1, 1],
      total: 3,
    });
    expect((await crosstab('sc', 'mc', { mode: 'test' })).json().total).toBe(0);
  });

  it('free text cannot be crossed: 400 naming the field', async () => {
    const res = await crosstab('sc', 'ot');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^column_question_id: /);
  });
});

describe('respondents, transcript, delete', () => {
  it('lists the filtered sessions, newest first, with their answer counts', async () => {
    const res = await call(t, me.token, '/api/analytics/respondents', { survey_id: dialog.surveyId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.rows.map((r: { session_id: number }) => r.session_id)).toEqual([S.s4, S.s3, S.s2, S.s1]);
    // S1: six blocks answered (two options of the multiple choice are one block); the follow-up is not counted.
    // S1 started first: number 1 of the dialog's live sessions (the test chat is counted apart).
    expect(body.rows.map((r: { number: number }) => r.number)).toEqual([4, 3, 2, 1]);
    expect(body.rows[3]).toEqual({
      session_id: S.s1,
      number: 1,
      mode: 'live',
      started_at: T0,
      finished_at: T0 + 40_000,
      answers: 6,
    });
  });

  it('shows one transcript', async () => {
    const res = await call(t, me.token, '/api/analytics/transcript', {
      survey_id: dialog.surveyId,
      session_id: S.s2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.respondent).toMatchObject({ session_id: S.s2, number: 2, finished_at: null, answers: 5 });
    expect(body.messages).toHaveLength(11);
    expect(body.messages[0]).toMatchObject({
      user_or_bot: 'bot',
      unique_question_id: q('sc'),
      created_on: T0 + DAY + 1000,
    });
  });

  it('deletes a respondent with messages, answers and inbox items; other dialogs are untouched', async () => {
    const other = await createChatDialog(t, SPECS);
    const foreign = await insertRespondent(t, other, { mode: 'live', started: T0, steps: [] });
    const gone = await call(t, me.token, '/api/analytics/delete_respondent', {
      survey_id: dialog.surveyId,
      session_id: foreign,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(RESPONDENT_NOT_FOUND);

    const victim = await insertRespondent(t, dialog, {
      mode: 'live',
      started: T0 + 3 * DAY,
      steps: [{ block: 'ot', shown: T0 + 3 * DAY, answered: T0 + 3 * DAY + 1, values: ['Löschen bitte'] }],
    });
    const answer = await t.database.db
      .selectFrom('answers')
      .select('id')
      .where('session_id', '=', victim)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('training_inbox')
      .values({
        survey_id: dialog.id,
        unique_question_id: q('ot'),
        answer_id: answer.id,
        text: 'Löschen bitte',
        created_at: T0,
      })
      .execute();
    expect((await summary()).headline.started).toBe(5);
    const res = await call(t, me.token, '/api/analytics/delete_respondent', {
      survey_id: dialog.surveyId,
      session_id: victim,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'success' });
    const db = t.database.db;
    for (const table of ['chat_messages', 'answers'] as const) {
      expect(await db.selectFrom(table).select('id').where('session_id', '=', victim).execute()).toEqual([]);
    }
    expect(
      await db.selectFrom('training_inbox').select('id').where('answer_id', '=', answer.id).execute(),
    ).toEqual([]);
    expect((await summary()).headline.started).toBe(4);
    const again = await call(t, me.token, '/api/analytics/transcript', {
      survey_id: dialog.surveyId,
      session_id: victim,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['/api/analytics/summary', { survey_id: 'x', filters: { mode: 'alle' } }, /^filters\.mode: /],
    ['/api/analytics/summary', { survey_id: 'x', filters: { from: 5, to: 5 } }, /^filters\.to: /],
    [
      '/api/analytics/summary',
      { survey_id: 'x', filters: { tz_offset_minutes: 900 } },
      /^filters\.tz_offset_minutes: /,
    ],
    ['/api/analytics/answers', { survey_id: 'x', unique_question_id: 'a', page_size: 500 }, /^page_size: /],
    [
      '/api/analytics/crosstab',
      { survey_id: 'x', row_question_id: 'a b', column_question_id: 'a' },
      /^row_question_id: /,
    ],
    ['/api/analytics/transcript', { survey_id: 'x', session_id: 1.5 }, /^session_id: /],
    ['/api/analytics/multichat_summary', { dialog_manager_id: 'drei' }, /^dialog_manager_id: /],
  ])('%s %j', async (url, body, msg) => {
    const res = await call(t, me.token, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('an unknown dialog is 404', async () => {
    expect(
      (await call(t, me.token, '/api/analytics/summary', { survey_id: 'gibt-es-nicht' })).statusCode,
    ).toBe(404);
  });
});
