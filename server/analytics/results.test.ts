import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { histogram, weightedMedian } from './results.ts';

/** The values as a sorted list, and as ascending [value, count] pairs. */
const multiset = fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 60 }).map((xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const x of sorted) counts.set(x, (counts.get(x) ?? 0) + 1);
  return { sorted, pairs: [...counts] };
});

describe('weightedMedian', () => {
  it('is the middle value of the expanded list, or the mean of the middle two', () => {
    fc.assert(
      fc.property(multiset, ({ sorted, pairs }) => {
        const n = sorted.length;
        const expected = n === 0 ? null : (sorted[Math.floor((n - 1) / 2)]! + sorted[Math.floor(n / 2)]!) / 2;
        expect(weightedMedian(pairs)).toBe(expected);
      }),
    );
  });

  it('examples', () => {
    expect(weightedMedian([[5, 1]])).toBe(5);
    expect(
      weightedMedian([
        [1, 1],
        [2, 1],
        [10, 2],
      ]),
    ).toBe(6);
    expect(
      weightedMedian([
        [1, 3],
        [100, 2],
      ]),
    ).toBe(1);
  });
});

describe('histogram', () => {
  it('has ten bins of equal width from min to max; the last includes max; every value is counted once', () => {
    const h = histogram(
      [
        [0, 1],
        [5, 2],
        [9.99, 1],
        [10, 3],
      ],
      0,
      10,
    );
    expect(h).toHaveLength(10);
    expect(h[0]).toEqual({ from: 0, to: 1, count: 1 });
    expect(h[5]).toEqual({ from: 5, to: 6, count: 2 });
    expect(h[9]).toEqual({ from: 9, to: 10, count: 4 });
  });

  it('is one bin when all values are equal, and empty without values', () => {
    expect(histogram([[7, 4]], 7, 7)).toEqual([{ from: 7, to: 7, count: 4 }]);
    expect(histogram([], null, null)).toEqual([]);
  });

  it('counts every value exactly once', () => {
    fc.assert(
      fc.property(multiset, ({ sorted, pairs }) => {
        const h = histogram(pairs, sorted[0] ?? null, sorted.at(-1) ?? null);
        expect(h.reduce((s, b) => s + b.count, 0)).toBe(sorted.length);
      }),
    );
  });
});
