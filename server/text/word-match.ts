import damerauLevenshtein from 'damerau-levenshtein';

/**
 * When two content words (normalise.ts contentWords) are the same word: the chat's label matching and
 * the trained classifier compare an answer's words with a label's or an example's this way.
 */

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
    sameButTwo(a, b) &&
    damerauLevenshtein(a, b).steps === 1
  );
}

/**
 * All but at most two letters shared at the start and the end: true of any two words one typo apart, and
 * false of almost all others at the cost of a few comparisons (the thesaurus compares an unknown word
 * with thousands of stems, thesaurus.ts).
 */
function sameButTwo(a: string, b: string): boolean {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) {
    end++;
  }
  return start + end >= Math.max(a.length, b.length) - 2;
}

/** Same word, one a longer form of the other (Preis/Preise, Kunde/Kundenservice), or one typo apart. */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (short.length >= 4 && long.startsWith(short)) || oneTypoApart(a, b);
}

/**
 * Share of a label's content words found among an answer's content words (0 to 1): how much the answer
 * names the label. Label matching routes by it (server/chat/matching.ts), and the trained classifier adds
 * it to its example-based scores (server/training/classifier.ts).
 */
export function labelShare(labelWords: readonly string[], answerWords: readonly string[]): number {
  if (labelWords.length === 0) return 0;
  const found = labelWords.filter((w) => answerWords.some((a) => wordsMatch(w, a))).length;
  return found / labelWords.length;
}
