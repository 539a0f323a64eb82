import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, histogram, weightedMedian } from './results.ts';

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

describe('histogram bounds', () => {
  it('carry no float noise: 0 to 4 in steps of 0.4, 1 to 2.4 in steps of 0.14', () => {
    expect(
      histogram(
        [
          [0, 1],
          [4, 1],
        ],
        0,
        4,
      ).map((b) => b.to),
    ).toEqual([0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6, 4]);
    expect(
      histogram(
        [
          [1, 1],
          [2.4, 1],
        ],
        1,
        2.4,
      ).map((b) => b.from),
    ).toEqual([1, 1.14, 1.28, 1.42, 1.56, 1.7, 1.84, 1.98, 2.12, 2.26]);
  });

  it('have at most one decimal more than the values, are contiguous, and each value falls in its bin', () => {
    const decimal = fc
      .integer({ min: -100_000, max: 100_000 })
      .chain((n) => fc.integer({ min: 0, max: 3 }).map((places) => n / 10 ** places));
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 1, maxLength: 30 }), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const counts = new Map<number, number>();
        for (const x of sorted) counts.set(x, (counts.get(x) ?? 0) + 1);
        const min = sorted[0]!;
        const max = sorted.at(-1)!;
        const h = histogram([...counts], min, max);
        const places = Math.max(...xs.map(decimalPlaces)) + 1;
        for (const [i, bin] of h.entries()) {
          expect(decimalPlaces(bin.from)).toBeLessThanOrEqual(places);
          expect(decimalPlaces(bin.to)).toBeLessThanOrEqual(places);
          if (i > 0) expect(bin.from).toBe(h[i - 1]!.to);
        }
        expect(h[0]!.from).toBe(min);
        expect(h.at(-1)!.to).toBe(max);
        for (const x of counts.keys()) {
          const bin = h.findIndex((b, i) => x >= b.from && (x < b.to || i === h.length - 1));
          expect(bin).toBeGreaterThanOrEqual(0);
        }
        const expected = h.map(
          (b, i) =>
            sorted.filter((x) => x >= b.from && (x < b.to || (i === h.length - 1 && x <= b.to))).length,
        );
        if (h.length > 1) expect(h.map((b) => b.count)).toEqual(expected);
        expect(h.reduce((n, b) => n + b.count, 0)).toBe(sorted.length);
      }),
    );
  });

  it('decimalPlaces reads the shortest form, also in exponent notation', () => {
    expect([0, 4, 2.4, 1.25, -0.001, 1e-7, 1.5e-7, 1e21].map(decimalPlaces)).toEqual([
      0, 0, 1, 2, 3, 7, 8, 0,
    ]);
  });
});
