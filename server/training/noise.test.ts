import { describe, expect, it } from 'vitest';
import { tokens } from '../text/stems.ts';
import { type Example, train } from './classifier.ts';
import { random } from './folds.ts';
import { DEFAULT_NOISE, noiseOf, noisy, typo } from './noise.ts';

const none = { lowercase: 0, transliterate: 0, unpunctuated: 0, typo: 0, shorten: 0 };

/** Levenshtein distance, to check that a typo is one edit (a swap counts as two). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  return d[a.length]![b.length]!;
}

describe('noise', () => {
  it('leaves a text alone at rate zero and is the same for the same seed', () => {
    expect(noisy('Die Hotline ist schlecht!', random(1), none)).toBe('Die Hotline ist schlecht!');
    const text = 'Die Wartezeit im Bürgeramt ist viel zu lang, öfter Termine bitte.';
    expect(noiseOf(7)(text, 3)).toBe(noiseOf(7)(text, 3));
    const many = Array.from({ length: 50 }, (_, i) => noiseOf(7)(text, i));
    expect(new Set(many).size).toBeGreaterThan(5);
  });

  it('lowercases, writes umlauts as ae/oe/ue and ß as ss, and drops punctuation', () => {
    const all = { ...none, lowercase: 1, transliterate: 1, unpunctuated: 1 };
    expect(noisy('Größere Räume, bitte!', random(1), all)).toBe('groessere raeume bitte');
  });

  it('cuts a text to its first content words', () => {
    expect(
      noisy('Ich finde die Hotline ist sehr schlecht erreichbar', random(1), { ...none, shorten: 1 }),
    ).toBe('finde hotline schlecht');
  });

  it('makes one typo a word, never in the first letter', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const t = typo('rechnung', random(seed));
      expect(t[0]).toBe('r');
      expect(distance(t, 'rechnung')).toBeGreaterThan(0);
      expect(distance(t, 'rechnung')).toBeLessThanOrEqual(2);
    }
    const words = tokens(
      noisy('Abrechnung Kundenservice Netzabdeckung Vertragslaufzeit', random(3), { ...none, typo: 1 }),
    );
    expect(words).toHaveLength(4);
    expect(words).not.toContain('abrechnung');
  });

  it('has rates between none and all', () => {
    for (const rate of Object.values(DEFAULT_NOISE)) expect(rate).toBeGreaterThan(0);
    for (const rate of Object.values(DEFAULT_NOISE)) expect(rate).toBeLessThan(1);
  });
});

describe('augmentation', () => {
  const examples: Example[] = [
    { label: 'Preis', text: 'Der Vertrag war mir viel zu teuer' },
    { label: 'Preis', text: 'Woanders zahle ich weniger' },
    { label: 'Netz', text: 'Kein Empfang in meiner Wohnung' },
    { label: 'Netz', text: 'Das mobile Internet ist langsam' },
  ];

  it('adds noisy copies to the training rows, the same every time', () => {
    const plain = train(examples);
    const a = train(examples, { augment: 2 });
    const b = train(examples, { augment: 2 });
    expect(a).toEqual(b);
    expect(a.vocabulary.length).toBeGreaterThan(plain.vocabulary.length);
    // The typo lexicon keeps the authors' words only.
    expect(a.words).toEqual(plain.words);
  });
});
