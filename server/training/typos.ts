/**
 * Typos of an answer's words against the words of a model's examples (classifier.ts): an unknown word
 * one typo from a known one ('hotlien' for 'hotline') may stand for it.
 */
import type { Language } from '../text/stems.ts';
import { oneTypoApart } from '../text/word-match.ts';
import { lemma } from './morphology.ts';

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

/**
 * The word of the examples (byFirstLetter) an unknown answer word is one typo from, if any; never for
 * a word the German dictionary knows: 'Wetter' is a word of its own, not a typo of 'weiter'.
 */
export function typoOf(
  language: Language,
  lexicon: ReadonlyMap<string, readonly string[]>,
  word: string,
): string | undefined {
  if (language === 'de' && lemma(word) !== undefined) return undefined;
  return (lexicon.get(word[0] ?? '') ?? []).find((k) => oneTypoApart(word, k));
}
