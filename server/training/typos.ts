/**
 * Typos of an answer's words against the words of a model's examples (classifier.ts): an unknown word
 * one typo from a known one ('hotlien' for 'hotline') may stand for it.
 */
import { oneTypoApart } from '../text/word-match.ts';

/** Words by their first letter (a typo there is rare, see oneTypoApart). */
export function byFirstLetter(words: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    const list = out.get(w[0] ?? '');
    if (list) list.push(w);
    else out.set(w[0] ?? '', [w]);
  }
  return out;
}

/** The word of the examples (byFirstLetter) an unknown answer word is one typo from, if any. */
export function typoOf(lexicon: ReadonlyMap<string, readonly string[]>, word: string): string | undefined {
  return (lexicon.get(word[0] ?? '') ?? []).find((k) => oneTypoApart(word, k));
}
