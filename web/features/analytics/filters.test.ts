import { describe, expect, it } from 'vitest';
import { ANSWER_FILTER_MAX, analyticsFiltersSchema } from '../../../contract/analytics.ts';
import {
  addAnswerFilter,
  addHiddenFilter,
  customRangeInvalid,
  dateRange,
  type FilterState,
  INITIAL_FILTERS,
  removeAnswerFilter,
  removeHiddenFilter,
  requestFilters,
  stateFromRequest,
} from './filters.ts';

// 15 May 2024, 14:30 local time.
const NOW = new Date(2024, 4, 15, 14, 30);
const at = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const state = (patch: Partial<FilterState>): FilterState => ({ ...INITIAL_FILTERS, ...patch });

describe('date presets', () => {
  it('Heute, Letzte 7 Tage and Letzte 30 Tage start at local midnight and stay open-ended', () => {
    expect(dateRange(state({ preset: 'today' }), NOW)).toEqual({ from: at(2024, 5, 15), to: null });
    expect(dateRange(state({ preset: 'last7' }), NOW)).toEqual({ from: at(2024, 5, 9), to: null });
    expect(dateRange(state({ preset: 'last30' }), NOW)).toEqual({ from: at(2024, 4, 16), to: null });
    expect(dateRange(state({ preset: 'all' }), NOW)).toEqual({ from: null, to: null });
  });

  it('a custom range counts its end day whole; an open side stays open', () => {
    const custom = state({ preset: 'custom', customFrom: '2024-05-01', customTo: '2024-05-10' });
    expect(dateRange(custom, NOW)).toEqual({ from: at(2024, 5, 1), to: at(2024, 5, 11) });
    expect(dateRange({ ...custom, customTo: '' }, NOW)).toEqual({ from: at(2024, 5, 1), to: null });
    expect(dateRange({ ...custom, customFrom: '' }, NOW)).toEqual({ from: null, to: at(2024, 5, 11) });
    // One day: from its midnight to the next.
    expect(dateRange({ ...custom, customTo: '2024-05-01' }, NOW)).toEqual({
      from: at(2024, 5, 1),
      to: at(2024, 5, 2),
    });
  });

  it('an end before the start is flagged and left open, so the request stays valid', () => {
    const reversed = state({ preset: 'custom', customFrom: '2024-05-10', customTo: '2024-05-01' });
    expect(customRangeInvalid(reversed)).toBe(true);
    expect(dateRange(reversed, NOW)).toEqual({ from: at(2024, 5, 10), to: null });
    expect(analyticsFiltersSchema.safeParse(requestFilters(reversed, NOW)).success).toBe(true);
  });

  it('request filters match the contract, with the author time zone offset', () => {
    const filters = requestFilters(
      state({
        mode: 'all',
        preset: 'last7',
        finishedOnly: true,
        answerEquals: [{ unique_question_id: 'q1', value: 'Ja' }],
        hiddenEquals: [{ name: 'src', value: 'panel' }],
      }),
      NOW,
    );
    expect(filters).toEqual({
      mode: 'all',
      from: at(2024, 5, 9),
      to: null,
      finished_only: true,
      answer_equals: [{ unique_question_id: 'q1', value: 'Ja' }],
      hidden_equals: [{ name: 'src', value: 'panel' }],
      tz_offset_minutes: -NOW.getTimezoneOffset() || 0,
    });
    expect(analyticsFiltersSchema.safeParse(filters).success).toBe(true);
  });

  it('the version filter is sent only when a version is chosen (all versions by default)', () => {
    expect(requestFilters(INITIAL_FILTERS, NOW)).not.toHaveProperty('version');
    const filters = requestFilters(state({ version: 2 }), NOW);
    expect(filters.version).toBe(2);
    expect(analyticsFiltersSchema.safeParse(filters).success).toBe(true);
  });

  it('a stored request comes back as the same filters', () => {
    const custom = state({
      mode: 'test',
      preset: 'custom',
      customFrom: '2024-05-01',
      customTo: '2024-05-10',
      finishedOnly: true,
      answerEquals: [{ unique_question_id: 'q1', value: 'Nein' }],
      hiddenEquals: [{ name: 'pid', value: 'P-1' }],
      version: 3,
    });
    expect(stateFromRequest(requestFilters(custom, NOW))).toEqual(custom);
    expect(stateFromRequest(requestFilters(INITIAL_FILTERS, NOW))).toEqual(INITIAL_FILTERS);
    expect(stateFromRequest({})).toEqual(INITIAL_FILTERS);
  });
});

describe('answer filters', () => {
  const ja = { unique_question_id: 'q1', value: 'Ja' };
  it('are added once and removed by block and value', () => {
    const one = addAnswerFilter([], ja);
    expect(addAnswerFilter(one, { ...ja })).toBe(one);
    const two = addAnswerFilter(one, { unique_question_id: 'q2', value: 'Ja' });
    expect(two).toHaveLength(2);
    expect(removeAnswerFilter(two, { ...ja })).toEqual([{ unique_question_id: 'q2', value: 'Ja' }]);
  });
  it(`stop at the contract's maximum of ${ANSWER_FILTER_MAX}`, () => {
    let list = [ja];
    for (let i = 0; i < ANSWER_FILTER_MAX + 3; i++)
      list = addAnswerFilter(list, { unique_question_id: 'q', value: `${i}` });
    expect(list).toHaveLength(ANSWER_FILTER_MAX);
  });
});

describe('hidden-field filters', () => {
  it('are added once per name and value, up to the maximum, and removed one by one', () => {
    const src = { name: 'src', value: 'panel' };
    const one = addHiddenFilter([], src);
    expect(addHiddenFilter(one, { ...src })).toBe(one);
    const two = addHiddenFilter(one, { name: 'src', value: 'crm' });
    expect(two).toHaveLength(2);
    expect(removeHiddenFilter(two, src)).toEqual([{ name: 'src', value: 'crm' }]);
    const full = Array.from({ length: ANSWER_FILTER_MAX }, (_, i) => ({ name: 'pid', value: `P${i}` }));
    expect(addHiddenFilter(full, src)).toBe(full);
  });
});
