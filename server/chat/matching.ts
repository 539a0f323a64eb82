/**
 * Text matching of the chat runtime: free-text routing by the branch labels (where no trained model
 * routes), option labels typed by hand, the words that leave a Q&A block, and the content words that the
 * Q&A search (qa-search.ts) indexes. Everything compares normalised keys, so case, umlauts (ä = ae = a)
 * and punctuation never matter.
 */
import damerauLevenshtein from 'damerau-levenshtein';

/**
 * Lower case, no diacritics, ß = ss, ae/oe/ue = a/o/u, only letters and digits (of any script: Cyrillic,
 * Arabic or Japanese answers are text too) separated by one space.
 */
export function normalizeKey(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Function words that say nothing about what an answer is about.
const STOP_WORDS = new Set(
  (
    'der die das den dem des ein eine einer eines einem einen und oder aber auch ich du er sie es wir ihr ' +
    'mich mir dich dir ihn ihm uns euch ist sind war bin bist sein hat habe hast haben wird werden kann ' +
    'können mit von zu zum zur im in an am auf für aus bei nach über um wie was wer wo wann warum welche ' +
    'welcher welches nicht kein keine sehr so noch nur mal schon denn dann da hier ja nein mein meine ' +
    'meinen meiner dein deine ihre ihren sich man the a an and or of to in on at for is are was be do does ' +
    'i you we it my your what how when why which who can will would should ' +
    // Verbs that carry no topic: 'Gibt es Parkplätze?' asks about parking, not about 'geben'.
    'gibt gibts geben gab geht gehen macht machen kommt kommen soll sollen muss müssen darf dürfen ' +
    'möchte möchten will wollen würde würden könnte könnten bitte etwas there get have has need want'
  )
    .split(' ')
    .map(normalizeKey),
);

export function contentWords(text: string): string[] {
  const words = normalizeKey(text).split(' ');
  return [...new Set(words.filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

/**
 * Shortest words a typo is forgiven in. Shorter ones have too many neighbours one letter apart
 * (Preis/Reise, Kunde/Runde); the first letter must agree too, as typos there are rare and most
 * German minimal pairs differ there (Kosten/Posten).
 */
const TYPO_MIN_LENGTH = 6;

/**
 * One typo apart: a letter missing, added, wrong, or two letters swapped (Liefrung, Lieferugn). Also the
 * trained classifier's test whether an answer's word is a typo of a word its examples have.
 */
export function oneTypoApart(a: string, b: string): boolean {
  return (
    Math.min(a.length, b.length) >= TYPO_MIN_LENGTH &&
    Math.abs(a.length - b.length) <= 1 &&
    a[0] === b[0] &&
    damerauLevenshtein(a, b).steps === 1
  );
}

/** Same word, one a longer form of the other (Preis/Preise, Kunde/Kundenservice), or one typo apart. */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (short.length >= 4 && long.startsWith(short)) || oneTypoApart(a, b);
}

/**
 * Share of a label's content words (contentWords) found among an answer's content words (0 to 1): how
 * much the answer names the label. Label matching routes by it, and the trained classifier adds it to its
 * example-based scores (classifier.ts).
 */
export function labelShare(labelWords: readonly string[], answerWords: readonly string[]): number {
  if (labelWords.length === 0) return 0;
  const found = labelWords.filter((w) => answerWords.some((a) => wordsMatch(w, a))).length;
  return found / labelWords.length;
}

export interface BranchMatch {
  /** Index of the branch, or null for 'none'. */
  branch: number | null;
  confidence: number;
}

/**
 * Routes a free-text answer by the branch labels: an answer equal to a label (normalised) takes it with
 * confidence 1; otherwise the label sharing the largest part of its content words with the answer; a
 * tie between branches or no shared word is 'none'.
 */
export function matchBranch(labels: readonly string[], answer: string): BranchMatch {
  const key = normalizeKey(answer);
  const exact = labels.findIndex((l) => normalizeKey(l) === key);
  if (exact !== -1 && key !== '') return { branch: exact, confidence: 1 };
  const words = contentWords(answer);
  let best: BranchMatch = { branch: null, confidence: 0 };
  let tie = false;
  labels.forEach((label, i) => {
    const score = labelShare(contentWords(label), words);
    if (score === 0) return;
    if (score > best.confidence) {
      best = { branch: i, confidence: score };
      tie = false;
    } else if (score === best.confidence) {
      tie = true;
    }
  });
  return tie ? { branch: null, confidence: 0 } : best;
}

/** The option a typed answer means: the exact label, else the label with the same normalised key. */
export function findOption(options: readonly string[], answer: string): number {
  const trimmed = answer.trim();
  const exact = options.indexOf(trimmed);
  if (exact !== -1) return exact;
  const key = normalizeKey(trimmed);
  return key === '' ? -1 : options.findIndex((o) => normalizeKey(o) === key);
}

// What respondents type to leave a Q&A block.
const CONTINUE_WORDS = new Set(
  [
    'weiter',
    'weiter bitte',
    'nein',
    'nein danke',
    'ne',
    'no',
    'nichts',
    'keine',
    'keine frage',
    'keine fragen',
    'keine weiteren fragen',
    'alles klar',
    'danke',
    'no thanks',
    'continue',
    'next',
  ].map(normalizeKey),
);

export function isContinue(answer: string, continueLabel: string): boolean {
  const key = normalizeKey(answer);
  return key === normalizeKey(continueLabel) || CONTINUE_WORDS.has(key);
}
