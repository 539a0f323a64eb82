import damerauLevenshtein from 'damerau-levenshtein';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentWords } from './normalise.ts';
import { labelShare, oneTypoApart } from './word-match.ts';

describe('labelShare', () => {
  const share = (label: string, answer: string) => labelShare(contentWords(label), contentWords(answer));

  it('is the part of the label whose words the answer names, longer forms included', () => {
    expect(share('Preis', 'Die Preise sind zu hoch')).toBe(1);
    expect(share('Sync Accounts', 'Google Contact Synchronization')).toBe(0.5);
    expect(share('Filter Spam', 'How can I filter spam?')).toBe(1);
    expect(share('Kundenservice', 'Der Kunde ist König')).toBe(1);
    expect(share('Preis', 'Der Service war schlecht')).toBe(0);
  });

  it('gives labels of function words only, and empty labels, nothing', () => {
    expect(share('Ja', 'ja klar')).toBe(0);
    expect(share('', 'irgendwas')).toBe(0);
    expect(share('Preis', '')).toBe(0);
  });

  it('does not match short words by their beginning', () => {
    expect(share('Bus', 'Business')).toBe(0);
  });

  it('forgives one typo in words of six letters or more that begin alike', () => {
    expect(share('Lieferung', 'Probleme mit der Liefrung')).toBe(1);
    expect(share('Lieferung', 'lieferugn dauert')).toBe(1);
    expect(share('Lieferung', 'Lieferxung')).toBe(1);
    expect(share('Rechnung', 'Rechnunk falsch')).toBe(1);
    expect(share('Sync Accounts', 'acounts')).toBe(0.5);
  });

  it('does not take neighbouring words for typos', () => {
    expect(share('Preis', 'Reise')).toBe(0);
    expect(share('Kunde', 'Runde')).toBe(0);
    expect(share('Kosten', 'Posten')).toBe(0);
    expect(share('Lieferung', 'Liefrng')).toBe(0);
    expect(share('Versand', 'Verstandnis')).toBe(0);
  });
});

describe('oneTypoApart', () => {
  it('agrees with the Damerau-Levenshtein distance of 1 for any two words (its quick filter loses none)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'e', 'n'), minLength: 5, maxLength: 9 });
    // Pairs that are often one edit apart: a word and a copy with one random edit.
    const edited = word.chain((w) =>
      fc
        .tuple(fc.constant(w), fc.nat(w.length - 1), fc.constantFrom('a', 'n'), fc.nat(3))
        .map(([, i, c, kind]) => {
          const next = [
            `${w.slice(0, i)}${c}${w.slice(i + 1)}`,
            w.slice(0, i) + w.slice(i + 1),
            w.slice(0, i) + c + w.slice(i),
          ];
          const swapped = i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
          return [w, kind === 3 ? swapped : next[kind]!] as const;
        }),
    );
    fc.assert(
      fc.property(fc.oneof(edited, fc.tuple(word, word)), ([a, b]) => {
        const expected =
          Math.min(a.length, b.length) >= 6 &&
          Math.abs(a.length - b.length) <= 1 &&
          a[0] === b[0] &&
          damerauLevenshtein(a, b).steps === 1;
        expect(oneTypoApart(a, b)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
