import { afterAll, beforeAll, expect } from 'vitest';
import type { AnalyticsFiltersInput, BlockSummary, SurveySummaryResponse } from '../../contract/analytics.ts';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { insertRespondent } from './analytics-data.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from './app.ts';
import { type BlockSpec, blockId, createChatDialog } from './chat-fixtures.ts';
import { call } from './dialogs.ts';

/**
 * The Analyse calls on known data (issue 8): four live respondents and one test chat, every figure
 * computed by hand in the tests. T0 is 10:00 UTC; S2 starts a day later, S3 and S4 two days later.
 */

export const SPECS: BlockSpec[] = [
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

export const T0 = Date.UTC(2024, 4, 10, 10, 0, 0);
export const DAY = 86_400_000;

/**
 * The app with that data, for the tests of one file (server/routes/analytics*.test.ts): the objects
 * returned are filled in before the first test; the app is closed after the last.
 */
export function knownDataForFile() {
  const t = {} as TestApp;
  /** The owner's token. */
  const me = { token: '' };
  const dialog = {} as { id: number; surveyId: string; ownerId: number };
  /** The session ids of the respondents: s1 to s4 live, test the test chat. */
  const S: Record<string, number> = {};
  const q = (spec: string) => blockId(spec, dialog.surveyId);

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    const author = await createAuthor(t);
    me.token = (await loginAs(t, author.username, author.password)).token;
    Object.assign(dialog, await createChatDialog(t, SPECS, { ownerId: author.id }));
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
    const res = await call(t, me.token, '/api/analytics/summary', { survey_id: dialog.surveyId, filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function block(s: SurveySummaryResponse, spec: string): BlockSummary {
    const found = s.blocks.find((b) => b.unique_question_id === q(spec));
    if (!found) throw new Error(`no block ${spec}`);
    return found;
  }

  return { t, me, dialog, S, q, summary, block };
}
