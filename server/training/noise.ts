/**
 * A generic, seeded model of how respondents type on a phone, for cross-validation that measures
 * robustness (bench/nlu-de.ts --cv --noisy) and for noisy copies of training examples (augment in
 * classifier.ts). Authors' examples are clean; answers are lower case, write umlauts as ae/oe/ue and ß
 * as ss, drop punctuation, have typos and are often cut to a few content words. The rates are fixed a
 * priori from that description (../shared/data/nlu-de/README.md), not fitted to any answers.
 */
import { contentWords } from '../text/normalise.ts';
import { random } from './folds.ts';

export interface NoiseRates {
  /** Share of texts written in lower case. */
  lowercase: number;
  /** Share of texts with umlauts written ae/oe/ue and ß as ss. */
  transliterate: number;
  /** Share of texts without punctuation. */
  unpunctuated: number;
  /** Chance of one typo in each word of four letters or more. */
  typo: number;
  /** Share of texts cut to (at most three of) their content words. */
  shorten: number;
}

export const DEFAULT_NOISE: NoiseRates = {
  lowercase: 0.6,
  transliterate: 0.3,
  unpunctuated: 0.5,
  typo: 0.1,
  shorten: 0.2,
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGRAPHS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/**
 * One typo, never in the first letter (where they are rare): two neighbours swapped, a letter dropped,
 * doubled or replaced by another (a swap of equal letters changes nothing).
 */
export function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 1));
  const kind = Math.floor(next() * 4);
  if (kind === 0 && at + 1 < word.length)
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2) return word.slice(0, at) + word[at] + word.slice(at);
  const others = LETTERS.replace(word[at]!.toLowerCase(), '');
  const letter = others[Math.floor(next() * others.length)]!;
  return word.slice(0, at) + letter + word.slice(at + 1);
}

/** The text as a respondent might type it; the same text, rates and random numbers give the same result. */
export function noisy(text: string, next: () => number, rates: NoiseRates = DEFAULT_NOISE): string {
  let out = text;
  if (next() < rates.shorten) {
    const words = contentWords(out);
    if (words.length > 0) out = words.slice(0, 3).join(' ');
  }
  if (next() < rates.lowercase) out = out.toLowerCase();
  if (next() < rates.transliterate) out = out.replace(/[äöüÄÖÜß]/g, (c) => DIGRAPHS[c]!);
  if (next() < rates.unpunctuated) out = out.replace(/[^\p{L}\p{N}\s]+/gu, '');
  out = out.replace(/\p{L}{4,}/gu, (w) => (next() < rates.typo ? typo(w, next) : w));
  return out.replace(/\s+/g, ' ').trim();
}

/** A function that makes each text noisy with its own seeded random numbers (by seed and position). */
export function noiseOf(
  seed: number,
  rates: NoiseRates = DEFAULT_NOISE,
): (text: string, i: number) => string {
  return (text, i) => noisy(text, random(seed * 100_003 + i), rates);
}

/** A training example (classifier.ts's Example). */
interface LabelledText {
  label: string;
  text: string;
}

/** The examples followed by `copies` noisy copies of each (the same seed every time). */
export function withNoisyCopies(examples: readonly LabelledText[], copies: number): readonly LabelledText[] {
  if (copies <= 0) return examples;
  const noise = noiseOf(copies);
  const out = [...examples];
  for (let c = 0; c < copies; c++) {
    examples.forEach((e, i) => {
      out.push({ label: e.label, text: noise(e.text, c * examples.length + i) });
    });
  }
  return out;
}
