import { detectLanguage, type Language, stem, tokens } from '../text/stems.ts';

/**
 * When two examples say the same: after normalisation and stemming (case, accents, punctuation and word
 * endings do not count), nearly the same (a typo), or the same but for articles.
 */

/** At most one edit apart (a typo), for keys long enough that one edit is not a different word. */
function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** An example's text after normalisation and stemming: what the duplicate checks compare. */
function exampleKey(text: string, language: Language): string {
  return tokens(text)
    .map((w) => stem(w, language))
    .join(' ');
}

// Articles change no meaning ('Die Versandkosten sind zu hoch' and 'Versandkosten sind zu hoch!'), unlike
// other function words ('Das Paket kam nicht an').
const ARTICLES = new Set('der die das den dem des ein eine einer eines einem einen the a an'.split(' '));
const withoutArticles = (text: string, language: Language) =>
  exampleKey(
    tokens(text)
      .filter((w) => !ARTICLES.has(w))
      .join(' '),
    language,
  );

/** Groups of examples that are the same or nearly the same after normalisation and stemming. */
export function duplicates(examples: readonly { branch: string; text: string }[]) {
  const language = detectLanguage(examples.map((e) => e.text));
  // Text without letters or digits ('👍', '👎') is compared as it is, not as one empty key.
  const keyed = examples.map((e) => ({
    ...e,
    key: exampleKey(e.text, language) || e.text.trim().toLowerCase(),
    bare: withoutArticles(e.text, language),
  }));
  const groups: { text: string; key: string; bare: string; branches: Set<string> }[] = [];
  for (const e of keyed) {
    const group = groups.find((g) => nearlyEqual(g.key, e.key) || (e.bare !== '' && g.bare === e.bare));
    if (group) group.branches.add(e.branch);
    else groups.push({ text: e.text, key: e.key, bare: e.bare, branches: new Set([e.branch]) });
  }
  return groups.filter((g) => g.branches.size > 1).map((g) => ({ text: g.text, branches: [...g.branches] }));
}

/**
 * The key under which texts of one block count as the same example, normalised as the duplicate warning
 * does; a text without words compares as written, ignoring case. The language is guessed from `texts`.
 */
export function sameTextKey(texts: readonly string[]): (text: string) => string {
  const language = detectLanguage(texts);
  return (value) => exampleKey(value, language) || value.trim().toLowerCase();
}
