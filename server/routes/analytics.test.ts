import http from 'node:http';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsFiltersInput,
  analyticsFiltersSchema,
  type BlockSummary,
  type SurveySummaryResponse,
} from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { RESPONDENT_NOT_FOUND } from '../analytics/errors.ts';
import { EXPORT_PAGE } from '../analytics/export/rows.ts';
import { surveySummary } from '../analytics/summary.ts';
import { insertRespondent } from '../test/analytics-data.ts';
import { bearer, createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { type BlockSpec, blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { addMember, call } from '../test/dialogs.ts';

/**
 * The Analyse calls on known data (issue 8): four live respondents and one test chat, every figure
 * computed by hand below. T0 is 10:00 UTC; S2 starts a day later, S3 and S4 two days later.
 */

const SPECS: BlockSpec[] = [
  { id: 'sc', type: 'single_choice', short_name: 'Zufrieden', options: ['ja', 'nein'] },
  { id: 'mc', type: 'multiple_choice', variable: 'essen', options: ['Obst', 'Gemüse', 'Brot'] },
  {
    id: 'lk',
    type: 'likert',
    context: 'Wie gefällt es?',
    options: ['1', '2', '3', '4'],
    inverse: 1,
    likert_na: 1,
  },
  { id: 'nr', type: 'number', short_name: 'Alter' },
  { id: 'ot', type: 'open_text', short_name: 'Grund', options: ['Preis', 'Qualität'], nachfrage: 'Warum?' },
  { id: 'dt', type: 'date', context: 'Geburtstag?' },
  { id: 'msg', type: 'message', context: 'Danke!' },
];

const T0 = Date.UTC(2024, 4, 10, 10, 0, 0);
const DAY = 86_400_000;

let t: TestApp;
let token: string;
let dialog: { id: number; surveyId: string; ownerId: number };
const S: Record<string, number> = {};
const q = (spec: string) => blockId(spec, dialog.surveyId);

beforeAll(async () => {
  t = await createTestApp();
  const author = await createAuthor(t);
  token = (await loginAs(t, author.username, author.password)).token;
  dialog = await createChatDialog(t, SPECS, { ownerId: author.id });
  S.s1 = await insertRespondent(t, dialog, {
    mode: 'live',
    started: T0,
    finished: T0 + 40_000,
    steps: [
      { block: 'sc', shown: T0 + 1000, answered: T0 + 5000, values: ['ja'] },
      { block: 'mc', shown: T0 + 5000, answered: T0 + 11_000, values: ['Obst', 'Brot'] },
      { block: 'lk', shown: T0 + 11_000, answered: T0 + 13_000, values: [{ value: '1', num: 4 }] },
      { block: 'nr', shown: T0 + 13_000, answered: T0 + 23_000, values: [{ value: '30', num: 30 }] },
      {
        block: 'ot',
        shown: T0 + 23_000,
        answered: T0 + 26_000,
        values: [{ value: 'Zu TEUER', branch: 'Preis', confidence: 0.9 }],
        followup: { asked: T0 + 26_000, answered: T0 + 30_000, value: 'weil' },
      },
      {
        block: 'dt',
        shown: T0 + 30_000,
        answered: T0 + 31_000,
        values: [{ value: '1990-05-01', num: Date.UTC(1990, 4, 1) }],
      },
      { block: 'msg', shown: T0 + 31_000 },
    ],
  });
  const d2 = T0 + DAY;
  S.s2 = await insertRespondent(t, dialog, {
    mode: 'live',
    started: d2,
    steps: [
      { block: 'sc', shown: d2 + 1000, answered: d2 + 3000, values: ['nein'] },
      { block: 'mc', shown: d2 + 3000, answered: d2 + 4000, values: ['Gemüse'] },
      { block: 'lk', shown: d2 + 4000, answered: d2 + 10_000, values: [LIKERT_NA_LABEL] },
      { block: 'nr', shown: d2 + 10_000, answered: d2 + 12_000, values: [{ value: '50', num: 50 }] },
      {
        block: 'ot',
        shown: d2 + 12_000,
        answered: d2 + 20_000,
        values: [{ value: 'gute Qualität', branch: 'Qualität', confidence: 0.7 }],
        followup: { asked: d2 + 20_000 },
      },
    ],
  });
  const d3 = T0 + 2 * DAY;
  S.s3 = await insertRespondent(t, dialog, {
    mode: 'live',
    started: d3,
    finished: d3 + 60_000,
    steps: [
      { block: 'sc', shown: d3 + 1000, answered: d3 + 2000, values: ['ja'] },
      { block: 'mc', shown: d3 + 2000, answered: d3 + 9000, values: ['Obst'] },
      { block: 'lk', shown: d3 + 9000, answered: d3 + 10_000, values: [{ value: '3', num: 2 }] },
      { block: 'nr', shown: d3 + 10_000, answered: d3 + 15_000, values: [{ value: '20', num: 20 }] },
      {
        block: 'ot',
        shown: d3 + 15_000,
        answered: d3 + 16_000,
        values: [{ value: 'billig; "sehr"', branch: null, confidence: 0.2 }],
        followup: { asked: d3 + 16_000, answered: d3 + 17_000, value: 'so' },
      },
      {
        block: 'dt',
        shown: d3 + 17_000,
        answered: d3 + 18_000,
        values: [{ value: '2000-01-15', num: Date.UTC(2000, 0, 15) }],
      },
      { block: 'msg', shown: d3 + 18_000 },
    ],
  });
  S.s4 = await insertRespondent(t, dialog, {
    mode: 'live',
    started: d3 + 1000,
    steps: [{ block: 'sc', shown: d3 + 2000 }],
  });
  S.test = await insertRespondent(t, dialog, {
    mode: 'test',
    started: T0,
    finished: T0 + 20_000,
    steps: [{ block: 'sc', shown: T0 + 1000, answered: T0 + 2000, values: ['nein'] }],
  });
});
afterAll(() => t.close());

async function summary(filters: AnalyticsFiltersInput = {}): Promise<SurveySummaryResponse> {
  const res = await call(t, token, '/api/analytics/summary', { survey_id: dialog.surveyId, filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function block(s: SurveySummaryResponse, spec: string): BlockSummary {
  const found = s.blocks.find((b) => b.unique_question_id === q(spec));
  if (!found) throw new Error(`no block ${spec}`);
  return found;
}

describe('summary on known data', () => {
  it('headline: live sessions only, test chats counted apart', async () => {
    const s = await summary();
    expect(s.survey_name).toBe('Chat-Test');
    expect(s.headline).toEqual({
      started: 4,
      finished: 2,
      completion_rate: 0.5,
      // S1 took 40 s, S3 60 s.
      duration_median_ms: 50_000,
      duration_mean_ms: 50_000,
      hidden_other_mode: 1,
    });
  });

  it('drop-off per block in dialog order: reached, answered, left, median time', async () => {
    const s = await summary();
    expect(s.blocks.map((b) => b.unique_question_id)).toEqual(SPECS.map((b) => q(b.id)));
    const figures = s.blocks.map((b) => [b.reached, b.answered, b.left, b.time_median_ms, b.followups]);
    expect(figures).toEqual([
      // sc: S1..S4 saw it, S4 left there; times 4 s, 2 s, 1 s.
      [4, 3, 1, 2000, 0],
      // mc: times 6 s, 1 s, 7 s.
      [3, 3, 0, 6000, 0],
      // lk: 2 s, 6 s, 1 s ('keine Angabe' is an answer too).
      [3, 3, 0, 2000, 0],
      // nr: 10 s, 2 s, 5 s.
      [3, 3, 0, 5000, 0],
      // ot: S2 left at its follow-up; two follow-up answers; 3 s, 8 s, 1 s.
      [3, 3, 1, 3000, 2],
      // dt: S1 and S3, 1 s each.
      [2, 2, 0, 1000, 0],
      // msg: shown, no input.
      [2, 0, 0, null, 0],
    ]);
    expect(block(s, 'sc').label).toBe('Zufrieden');
    expect(block(s, 'lk').label).toBe('Wie gefällt es?');
    expect(block(s, 'mc').variable).toBe('essen');
  });

  it('choice and multiple choice: counts and shares of respondents', async () => {
    const s = await summary();
    expect(block(s, 'sc').result).toEqual({
      kind: 'choice',
      respondents: 3,
      options: [
        { label: 'ja', count: 2, share: 2 / 3 },
        { label: 'nein', count: 1, share: 1 / 3 },
      ],
    });
    expect(block(s, 'mc').result).toEqual({
      kind: 'choice',
      respondents: 3,
      options: [
        { label: 'Obst', count: 2, share: 2 / 3 },
        { label: 'Gemüse', count: 1, share: 1 / 3 },
        { label: 'Brot', count: 1, share: 1 / 3 },
      ],
    });
  });

  it('Likert: inverse scores, keine Angabe apart and out of mean and sd', async () => {
    const r = block(await summary(), 'lk').result;
    if (r.kind !== 'likert') throw new Error(r.kind);
    expect(r.options).toEqual([
      { label: '1', count: 1, share: 1 / 3, score: 4 },
      { label: '2', count: 0, share: 0, score: 3 },
      { label: '3', count: 1, share: 1 / 3, score: 2 },
      { label: '4', count: 0, share: 0, score: 1 },
    ]);
    expect(r.not_applicable).toBe(1);
    expect(r.inverse).toBe(true);
    expect(r.respondents).toBe(3);
    // Scores 4 and 2: mean 3, sample sd sqrt(((4-3)² + (2-3)²) / (2-1)).
    expect(r.mean).toBe(3);
    expect(r.sd).toBeCloseTo(Math.SQRT2, 12);
  });

  it('numbers: bounds, mean, median and ten equal bins', async () => {
    const r = block(await summary(), 'nr').result;
    if (r.kind !== 'number') throw new Error(r.kind);
    expect([r.respondents, r.min, r.max, r.median]).toEqual([3, 20, 50, 30]);
    expect(r.mean).toBeCloseTo(100 / 3, 12);
    expect(r.histogram).toHaveLength(10);
    expect(r.histogram[0]).toEqual({ from: 20, to: 23, count: 1 });
    // 30 lies in [29, 32); 50 is max and belongs to the last bin.
    expect(r.histogram.map((b) => b.count)).toEqual([1, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    expect(r.histogram[9]!.to).toBe(50);
  });

  it('dates and free text', async () => {
    const s = await summary();
    expect(block(s, 'dt').result).toEqual({
      kind: 'date',
      respondents: 2,
      earliest: '1990-05-01',
      latest: '2000-01-15',
      per_month: [
        { month: '1990-05', count: 1 },
        { month: '2000-01', count: 1 },
      ],
    });
    const ot = block(s, 'ot').result;
    if (ot.kind !== 'text') throw new Error(ot.kind);
    expect([ot.respondents, ot.answers]).toEqual([3, 3]);
    expect(ot.branches).toHaveLength(3);
    expect(ot.branches).toEqual(
      expect.arrayContaining([
        { branch: 'Preis', count: 1 },
        { branch: 'Qualität', count: 1 },
        { branch: null, count: 1 },
      ]),
    );
  });

  it('per day in the author time zone', async () => {
    expect((await summary()).per_day).toEqual([
      { day: '2024-05-10', started: 1, finished: 1 },
      { day: '2024-05-11', started: 1, finished: 0 },
      { day: '2024-05-12', started: 2, finished: 1 },
    ]);
    // Eleven hours behind UTC, 10:00 UTC is 23:00 of the day before.
    expect((await summary({ tz_offset_minutes: -660 })).per_day.map((d) => d.day)).toEqual([
      '2024-05-09',
      '2024-05-10',
      '2024-05-11',
    ]);
  });
});

describe('filters apply to every figure', () => {
  it('mode', async () => {
    const test = await summary({ mode: 'test' });
    expect([test.headline.started, test.headline.finished, test.headline.hidden_other_mode]).toEqual([
      1, 1, 4,
    ]);
    expect(block(test, 'sc').result).toMatchObject({ respondents: 1, options: [{ count: 0 }, { count: 1 }] });
    const all = await summary({ mode: 'all' });
    expect([all.headline.started, all.headline.hidden_other_mode, block(all, 'sc').reached]).toEqual([
      5, 0, 5,
    ]);
  });

  it('from (inclusive) and to (exclusive) on the start', async () => {
    const s = await summary({ from: T0 + DAY, to: T0 + 2 * DAY + 500 });
    expect(s.headline.started).toBe(2);
    expect(block(s, 'sc').answered).toBe(2);
    expect(block(s, 'lk').result).toMatchObject({ not_applicable: 1, mean: 2 });
  });

  it('finished only', async () => {
    const s = await summary({ finished_only: true });
    expect([s.headline.started, s.headline.completion_rate]).toEqual([2, 1]);
    expect(block(s, 'ot').left).toBe(0);
    expect(block(s, 'nr').result).toMatchObject({ min: 20, max: 30, median: 25 });
  });

  it('answer equals a value, also one option of a multiple choice', async () => {
    const ja = await summary({ answer_equals: [{ unique_question_id: q('sc'), value: 'ja' }] });
    expect([ja.headline.started, block(ja, 'nr').result]).toMatchObject([2, { mean: 25 }]);
    const obst = await summary({ answer_equals: [{ unique_question_id: q('mc'), value: 'Obst' }] });
    expect(obst.headline.started).toBe(2);
    const both = await summary({
      answer_equals: [
        { unique_question_id: q('mc'), value: 'Brot' },
        { unique_question_id: q('sc'), value: 'ja' },
      ],
    });
    expect(both.headline.started).toBe(1);
    expect(block(both, 'mc').result).toMatchObject({ respondents: 1 });
  });

  it('the passes one at a time, as the export runs them, give the same figures', async () => {
    const survey = { id: dialog.id, survey_id: dialog.surveyId, survey_name: 'Chat-Test' };
    for (const input of [
      {},
      { mode: 'all' },
      { answer_equals: [{ unique_question_id: q('sc'), value: 'ja' }] },
    ]) {
      const f = analyticsFiltersSchema.parse(input);
      const oneAtATime = await surveySummary(t.ctx, survey, f, { oneAtATime: true });
      expect(oneAtATime).toEqual(await surveySummary(t.ctx, survey, f));
      expect(oneAtATime).toEqual(await summary(input as AnalyticsFiltersInput));
    }
  });
});

describe('answers table', () => {
  const answers = (body: object) =>
    call(t, token, '/api/analytics/answers', {
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
    call(t, token, '/api/analytics/crosstab', {
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
    const res = await call(t, token, '/api/analytics/respondents', { survey_id: dialog.surveyId });
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
    const res = await call(t, token, '/api/analytics/transcript', {
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
    const gone = await call(t, token, '/api/analytics/delete_respondent', {
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
    const res = await call(t, token, '/api/analytics/delete_respondent', {
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
    const again = await call(t, token, '/api/analytics/transcript', {
      survey_id: dialog.surveyId,
      session_id: victim,
    });
    expect(again.statusCode).toBe(404);
  });
});

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
    const res = await call(t, token, '/api/analytics/multichat_summary', { dialog_manager_id: manager.id });
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
      (await call(t, token, '/api/analytics/multichat_summary', { dialog_manager_id: 2_000_000_000 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('export', () => {
  const exportCall = (body: object, tk = token) =>
    t.app.inject({ method: 'POST', url: '/api/excel_export', payload: body, headers: bearer(tk) });

  it('xlsx: one row per respondent, one column per input block, Likert values, options as 0/1, follow-ups beside, a summary sheet', async () => {
    const res = await exportCall({ survey_id: dialog.surveyId });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Chat-Test.xlsx"; filename*=UTF-8''Chat-Test.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antworten')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      'Nr.',
      'Modus',
      'Beginn',
      'Ende',
      'Dauer (s)',
      'Version',
      'Zufrieden',
      'essen',
      'essen: Obst',
      'essen: Gemüse',
      'essen: Brot',
      'Wie gefällt es?',
      'Wie gefällt es? (Wert)',
      'Alter',
      'Grund',
      'Grund (Zweig)',
      'Grund (Konfidenz)',
      'Grund (Nachfrage)',
      'Geburtstag?',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      1,
      'live',
      new Date(T0),
      new Date(T0 + 40_000),
      40,
      // Made by the test's factory, not by a chat: no version.
      undefined,
      'ja',
      'Obst, Brot',
      1,
      0,
      1,
      '1',
      // The first point of an inverse four-point scale.
      4,
      30,
      'Zu TEUER',
      'Preis',
      0.9,
      'weil',
      // A date answer is an Excel date.
      new Date(Date.UTC(1990, 4, 1)),
    ]);
    expect(sheet.getColumn(19).numFmt).toBe('yyyy-mm-dd');
    // Unfinished: no end, no duration; unanswered blocks stay empty.
    expect(rows[2]!.slice(0, 5)).toEqual([2, 'live', new Date(T0 + DAY), undefined, undefined]);
    // 'keine Angabe' has no value. A respondent without answers has no 0s either (row 4: no cells).
    expect(rows[2]![11]).toBe(LIKERT_NA_LABEL);
    expect(rows[2]![12]).toBeUndefined();
    expect(rows[2]![17]).toBeUndefined();
    expect(rows[4]).toEqual([4, 'live', new Date(T0 + 2 * DAY + 1000)]);

    const summarySheet = workbook.getWorksheet('Zusammenfassung')!;
    const sheetLines = summarySheet.getSheetValues().slice(1);
    // Rows without values are holes in the list, which map() would skip.
    const lines = Array.from(sheetLines, (r) => (r ? (r as unknown[]).slice(1) : []));
    expect(lines.slice(0, 6)).toEqual([
      ['Dialog', 'Chat-Test'],
      ['Gestartet', 4],
      ['Beendet', 2],
      ['Abschlussquote (%)', 50],
      ['Dauer Median (s)', 50],
      ['Dauer Mittelwert (s)', 50],
    ]);
    const likert = lines.findIndex((l) => l[0] === 'Wie gefällt es?');
    expect(lines.slice(likert, likert + 12)).toEqual([
      ['Wie gefällt es?', 'Likert-Skala'],
      ['Erreicht', 3],
      ['Abgebrochen', 0],
      ['Beantwortet', 3],
      ['Zeit Median (s)', 2],
      ['Option', 'Anzahl', 'Anteil (%)', 'Wert'],
      ['1', 1, 33.3, 4],
      ['2', 0, 0, 3],
      ['3', 1, 33.3, 2],
      ['4', 0, 0, 1],
      [LIKERT_NA_LABEL, 1],
      ['Mittelwert', 3],
    ]);
  });

  it('csv: the same columns, UTF-8 with BOM and semicolons, quoted where needed, with filters', async () => {
    const res = await exportCall({
      survey_id: dialog.surveyId,
      format: 'csv',
      filters: { finished_only: true },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: string[][] = parse(res.rawPayload, {
      delimiter: ';',
      bom: true,
      relax_column_count: false,
    });
    expect(records).toEqual([
      [
        'Nr.',
        'Modus',
        'Beginn',
        'Ende',
        'Dauer (s)',
        'Version',
        'Zufrieden',
        'essen',
        'essen: Obst',
        'essen: Gemüse',
        'essen: Brot',
        'Wie gefällt es?',
        'Wie gefällt es? (Wert)',
        'Alter',
        'Grund',
        'Grund (Zweig)',
        'Grund (Konfidenz)',
        'Grund (Nachfrage)',
        'Geburtstag?',
      ],
      [
        '1',
        'live',
        '2024-05-10 10:00:00',
        '2024-05-10 10:00:40',
        '40',
        '',
        'ja',
        'Obst, Brot',
        '1',
        '0',
        '1',
        '1',
        '4',
        '30',
        'Zu TEUER',
        'Preis',
        '0,9',
        'weil',
        '1990-05-01',
      ],
      [
        '3',
        'live',
        '2024-05-12 10:00:00',
        '2024-05-12 10:01:00',
        '60',
        '',
        'ja',
        'Obst',
        '1',
        '0',
        '0',
        '3',
        '2',
        '20',
        'billig; "sehr"',
        'keiner davon',
        '0,2',
        'so',
        '2000-01-15',
      ],
    ]);
  });

  it('needs a fresh token: a refreshed one gets 401 Fresh token required', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    const stale = refreshed.json().token as string;
    const res = await exportCall({ survey_id: dialog.surveyId }, stale);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Fresh token required');
  });

  it('a multi-dialog chat as csv is 400; bad payloads are 400 naming the field', async () => {
    const db = t.database.db;
    // A dialog belongs to one multi-dialog chat at most: two more of the author's.
    const first = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const second = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const manager = await db
      .insertInto('dialog_managers')
      .values({ name: 'Zwei', created_at: T0, updated_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('manager_surveys')
      .values([
        { dialog_manager_id: manager.id, survey_id: first.id, ord: 1 },
        { dialog_manager_id: manager.id, survey_id: second.id, ord: 2 },
      ])
      .execute();
    const xlsx = await exportCall({ dialog_manager_id: manager.id });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Antworten 1',
      'Zusammenfassung 1',
      'Antworten 2',
      'Zusammenfassung 2',
    ]);
    expect((await exportCall({ dialog_manager_id: manager.id, format: 'csv' })).statusCode).toBe(400);
    const both = await exportCall({ survey_id: dialog.surveyId, dialog_manager_id: manager.id });
    expect([both.statusCode, both.json().msg]).toEqual([400, expect.stringMatching(/^survey_id: /)]);
    const badFormat = await exportCall({ survey_id: dialog.surveyId, format: 'pdf' });
    expect([badFormat.statusCode, badFormat.json().msg]).toEqual([400, expect.stringMatching(/^format: /)]);
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
    const res = await call(t, token, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('an unknown dialog is 404', async () => {
    expect((await call(t, token, '/api/analytics/summary', { survey_id: 'gibt-es-nicht' })).statusCode).toBe(
      404,
    );
  });
});

describe('export streaming', () => {
  it('a client that goes away mid-file does not harm the server', async () => {
    const many = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const rows = Array.from({ length: 3 * EXPORT_PAGE }, (_, i) => ({
      survey_id: many.id,
      mode: 'live' as const,
      state: '{}',
      started_at: T0 + i,
      updated_at: T0 + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto('chat_sessions')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const format of ['xlsx', 'csv']) {
      const firstBytes = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${address}/api/excel_export`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end(JSON.stringify({ survey_id: many.surveyId, format }));
      });
      expect(firstBytes).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/excel_export',
      payload: { survey_id: many.surveyId, format: 'csv' },
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(200);
    expect(after.body.split('\r\n')).toHaveLength(3 * EXPORT_PAGE + 2);
  });
});
