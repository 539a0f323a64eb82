import { describe, expect, it } from 'vitest';
import { binLabel, blockChartLabel, dropoffRows, fillDays } from './figures.ts';
import { formatDuration, formatNumber, formatShare, NONE } from './format.ts';

describe('participation days', () => {
  it('fills the quiet days between the first and the last with zeros, in order', () => {
    const days = fillDays([
      { day: '2024-03-01', started: 2, finished: 1 },
      { day: '2024-02-28', started: 1, finished: 0 },
    ]);
    expect(days).toEqual([
      { day: '2024-02-28', started: 1, finished: 0 },
      { day: '2024-02-29', started: 0, finished: 0 },
      { day: '2024-03-01', started: 2, finished: 1 },
    ]);
  });
  it('leaves a single day or none as it is', () => {
    expect(fillDays([])).toEqual([]);
    expect(fillDays([{ day: '2024-01-01', started: 1, finished: 1 }])).toHaveLength(1);
  });
  it('does not fill ranges of years (the days with data stay)', () => {
    const sparse = [
      { day: '2020-01-01', started: 1, finished: 0 },
      { day: '2024-01-01', started: 1, finished: 0 },
    ];
    expect(fillDays(sparse)).toEqual(sparse);
  });
});

describe('figures in German', () => {
  it('shares, numbers and missing figures', () => {
    expect(formatShare(2 / 3, 'de')).toBe('66,7\u00a0%');
    expect(formatShare(1, 'de')).toBe('100\u00a0%');
    expect(formatShare(null, 'de')).toBe(NONE);
    expect(formatNumber(3.256, 2, 'de')).toBe('3,26');
    expect(formatNumber(null)).toBe(NONE);
    expect(binLabel({ from: 0, to: 2.5 }, 'de')).toBe('0–2,5');
    // Whole-number bins: both bounds whole, a bin of one number as that number.
    expect(binLabel({ from: 45, to: 290 }, 'de')).toBe('45–290');
    expect(binLabel({ from: 2259, to: 2500 }, 'de')).toBe('2.259–2.500');
    expect(binLabel({ from: 7, to: 7 }, 'de')).toBe('7');
  });
  it('durations', () => {
    expect(formatDuration(null)).toBe(NONE);
    expect(formatDuration(400, 'de')).toBe('0,4 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(2 * 3600_000 + 4 * 60_000 + 10_000)).toBe('2 h 4 min');
  });
});

describe('drop-off rows', () => {
  it('leave out the end block: nobody leaves there and it asks nothing', () => {
    const block = (unique_question_id: string, type: string) =>
      ({ unique_question_id, type, label: unique_question_id }) as Parameters<typeof dropoffRows>[0][number];
    const rows = dropoffRows([block('q1', 'single_choice'), block('m1', 'message'), block('e', 'end')]);
    expect(rows.map((b) => b.unique_question_id)).toEqual(['q1', 'm1']);
    expect(rows.map((b) => b.number)).toEqual([1, 2]);
  });

  it('name a block on a chart by its number, cut with an ellipsis only where asked', () => {
    const block = { number: 12, label: 'Wie zufrieden waren Sie mit der Beratung insgesamt?' };
    expect(blockChartLabel(block, 22)).toBe('12. Wie zufrieden waren S…');
    expect(blockChartLabel(block, 22).length).toBeLessThanOrEqual(22 + '12. '.length);
    expect(blockChartLabel(block)).toBe('12. Wie zufrieden waren Sie mit der Beratung insgesamt?');
    expect(blockChartLabel({ number: 3, label: 'Alter' }, 22)).toBe('3. Alter');
  });
});
