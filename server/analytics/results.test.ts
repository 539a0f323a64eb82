import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, histogram, integerHistogram, weightedMedian } from './results.ts';

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

describe('integerHistogram (whole-number blocks)', () => {
  it('45 to 2500: ten bins of 246 whole numbers, 45–290, 291–536, …, 2259–2500', () => {
    const h = integerHistogram(
      [
        [45, 1],
        [290, 1],
        [291, 1],
        [1000, 1],
        [2500, 1],
      ],
      45,
      2500,
    )!;
    expect(h.map((b) => [b.from, b.to])).toEqual([
      [45, 290],
      [291, 536],
      [537, 782],
      [783, 1028],
      [1029, 1274],
      [1275, 1520],
      [1521, 1766],
      [1767, 2012],
      [2013, 2258],
      [2259, 2500],
    ]);
    expect(h.map((b) => b.count)).toEqual([2, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
  });

  it('ten or fewer numbers: one bin each; 0 to 12: bins of two, the last one number', () => {
    expect(
      integerHistogram(
        [
          [1, 2],
          [3, 1],
          [5, 1],
        ],
        1,
        5,
      ),
    ).toEqual([
      { from: 1, to: 1, count: 2 },
      { from: 2, to: 2, count: 0 },
      { from: 3, to: 3, count: 1 },
      { from: 4, to: 4, count: 0 },
      { from: 5, to: 5, count: 1 },
    ]);
    const h = integerHistogram(
      [
        [0, 1],
        [12, 1],
      ],
      0,
      12,
    )!;
    expect(h.map((b) => [b.from, b.to])).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 11],
      [12, 12],
    ]);
    expect(integerHistogram([[7, 3]], 7, 7)).toEqual([{ from: 7, to: 7, count: 3 }]);
    expect(integerHistogram([], null, null)).toEqual([]);
  });

  it('leaves values that are no whole numbers to histogram()', () => {
    expect(
      integerHistogram(
        [
          [1, 1],
          [2.5, 1],
        ],
        1,
        2.5,
      ),
    ).toBeNull();
  });

  it('at most ten bins of whole numbers, adjoining, from min to max, each value in its bin once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100_000, max: 100_000 }), { minLength: 1, maxLength: 40 }),
        (xs) => {
          const sorted = [...xs].sort((a, b) => a - b);
          const counts = new Map<number, number>();
          for (const x of sorted) counts.set(x, (counts.get(x) ?? 0) + 1);
          const h = integerHistogram([...counts], sorted[0]!, sorted.at(-1)!)!;
          expect(h.length).toBeGreaterThanOrEqual(1);
          expect(h.length).toBeLessThanOrEqual(10);
          expect(h[0]!.from).toBe(sorted[0]);
          expect(h.at(-1)!.to).toBe(sorted.at(-1));
          for (const [i, bin] of h.entries()) {
            expect(Number.isInteger(bin.from) && Number.isInteger(bin.to)).toBe(true);
            expect(bin.to).toBeGreaterThanOrEqual(bin.from);
            if (i > 0) expect(bin.from).toBe(h[i - 1]!.to + 1);
            expect(bin.count).toBe(sorted.filter((x) => x >= bin.from && x <= bin.to).length);
          }
        },
      ),
    );
  });
});
