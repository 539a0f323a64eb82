import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../contract/constants.ts';
import { parseNumber } from './numbers.ts';

describe('parseNumber', () => {
  it.each<[Language, string, number | null]>([
    // German: ',' is the decimal mark, '.' groups thousands before exactly three digits.
    ['de', '42', 42],
    ['de', '3,5', 3.5],
    ['de', '1.200', 1200],
    ['de', '12.345.678', 12_345_678],
    ['de', '1.200,50', 1200.5],
    ['de', '-1.200,5', -1200.5],
    ['de', '+7', 7],
    ['de', ',5', 0.5],
    ['de', '1,200', 1.2],
    // A lone '.' before other than three digits is a decimal point, as people type it.
    ['de', '1.5', 1.5],
    ['de', '0.25', 0.25],
    ['de', '1.2345', 1.2345],
    ['de', '.5', 0.5],
    ['de', '1234.5', 1234.5],
    ['de', '1 200', 1200],
    ['de', '1\u00a0200,5', 1200.5],
    ['de', "1'200", 1200],
    ['de', '1\u2019200.5', 1200.5],
    ['de', '1 200.5', 1200.5],
    ['de', ' 007 ', 7],
    // Ambiguous or malformed: asked again.
    ['de', '0.250', null],
    ['de', '.500', null],
    ['de', '1234.567', null],
    ['de', '1 200.000', null],
    ['de', '1.200.5', null],
    ['de', '1,200.5', null],
    ['de', '1.20', 1.2],
    ['de', '1.2000', 1.2],
    ['de', '12.34.567', null],
    ['de', '1,2,3', null],
    ['de', '1.', null],
    ['de', '5,', null],
    ['de', '-', null],
    ['de', ',', null],
    ['de', '', null],
    ['de', '1e5', null],
    ['de', 'ziemlich viel', null],
    ['de', '- 5', null],
    ['de', '1  200', null],
    ['de', '9'.repeat(400), null],
    // English: '.' is the decimal mark, ',' groups thousands; '1,5' stays 1.5.
    ['en', '1,200', 1200],
    ['en', '1,234,567.25', 1_234_567.25],
    ['en', '1,5', 1.5],
    ['en', '1.200', 1.2],
    ['en', '.500', 0.5],
    ['en', '1 200.5', 1200.5],
    ['en', '1.200,5', null],
    ['en', '0,250', null],
    ['en', '1,200,5', null],
  ])('%s %j → %s', (language, text, n) => {
    expect(parseNumber(text, language)).toBe(n);
  });
});

/** Integer part, fraction digits and sign of a number as written, and the number they make. */
const parts = fc.record({
  negative: fc.boolean(),
  int: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 999_999_999_999 })),
  fraction: fc.stringMatching(/^\d{0,5}$/),
});
type Parts = typeof parts extends fc.Arbitrary<infer P> ? P : never;

const numberOf = ({ negative, int, fraction }: Parts) =>
  Number(`${negative ? '-' : ''}${int}${fraction === '' ? '' : `.${fraction}`}`);

/** The integer part with `mark` between groups of three (none for ''). */
const grouped = (int: number, mark: string) => String(int).replace(/\B(?=(\d{3})+$)/g, mark);

const write = ({ negative, int, fraction }: Parts, group: string, decimal: string) =>
  `${negative ? '-' : ''}${grouped(int, group)}${fraction === '' ? '' : `${decimal}${fraction}`}`;

const SPACES = ['', ' ', '\u00a0', '\u202f', "'", '\u2019'];

describe('parseNumber: a number written the German or English way reads back as that number', () => {
  it('as Intl formats it, with and without grouping', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (x, digits, useGrouping) => {
          const options = { maximumFractionDigits: digits, useGrouping };
          const shown = Number(new Intl.NumberFormat('en-US', { ...options, useGrouping: false }).format(x));
          expect(parseNumber(new Intl.NumberFormat('de-DE', options).format(x), 'de')).toBe(shown);
          expect(parseNumber(new Intl.NumberFormat('en-US', options).format(x), 'en')).toBe(shown);
        },
      ),
    );
  });

  it("with the language's marks, or spaces and apostrophes grouping", () => {
    fc.assert(
      fc.property(parts, fc.constantFrom(...SPACES), (p, space) => {
        expect(parseNumber(write(p, '.', ','), 'de')).toBe(numberOf(p));
        expect(parseNumber(write(p, space, ','), 'de')).toBe(numberOf(p));
        expect(parseNumber(write(p, ',', '.'), 'en')).toBe(numberOf(p));
        expect(parseNumber(write(p, space, '.'), 'en')).toBe(numberOf(p));
      }),
    );
  });

  it("with the other language's decimal mark, as typed, unless three decimals make it a thousands group", () => {
    fc.assert(
      fc.property(parts, fc.constantFrom(...SPACES), (p, space) => {
        const de = parseNumber(write(p, space, '.'), 'de');
        const en = parseNumber(write(p, space, ','), 'en');
        if (p.fraction.length === 3) {
          // 1.200 in a German dialog is 1200; what thousands reading does not fit is asked again.
          expect([numberOf({ ...p, int: p.int * 1000 + Number(p.fraction), fraction: '' }), null]).toContain(
            de,
          );
          expect(en).toBe(de);
        } else {
          expect(de).toBe(numberOf(p));
          expect(en).toBe(numberOf(p));
        }
      }),
    );
  });
});
