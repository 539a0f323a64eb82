import { describe, expect, it } from 'vitest';
import { type AnalyticsFiltersInput, analyticsFiltersSchema } from '../../contract/analytics.ts';
import { surveySummary } from '../analytics/summary.ts';
import { DAY, knownDataForFile, SPECS, T0 } from '../test/analytics-known-data.ts';

const { t, dialog, q, summary, block } = knownDataForFile();

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
