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

interface Keyed {
  branch: string;
  text: string;
  key: string;
  bare: string;
}

/** Examples with their keys, in one language guessed from all of them. */
function keyedExamples(examples: readonly { branch: string; text: string }[]): Keyed[] {
  const language = detectLanguage(examples.map((e) => e.text));
  // Text without letters or digits ('👍', '👎') is compared as it is, not as one empty key.
  return examples.map((e) => ({
    branch: e.branch,
    text: e.text,
    key: exampleKey(e.text, language) || e.text.trim().toLowerCase(),
    bare: withoutArticles(e.text, language),
  }));
}

const similar = (a: Keyed, b: Keyed) => nearlyEqual(a.key, b.key) || (b.bare !== '' && a.bare === b.bare);

/** Groups of examples that are the same or nearly the same after normalisation and stemming. */
export function duplicates(examples: readonly { branch: string; text: string }[]) {
  const groups: { first: Keyed; branches: Set<string> }[] = [];
  for (const e of keyedExamples(examples)) {
    const group = groups.find((g) => similar(g.first, e));
    if (group) group.branches.add(e.branch);
    else groups.push({ first: e, branches: new Set([e.branch]) });
  }
  return groups
    .filter((g) => g.branches.size > 1)
    .map((g) => ({ text: g.first.text, branches: [...g.branches] }));
}

/**
 * New examples checked against a block's examples and the new ones before them: 'duplicate' when its
 * branch holds the same text already (sameTextKey: what adding refuses), 'similar' when an example of
 * any branch is the same or nearly the same (as the duplicate warning finds), else 'new'; with the
 * example it repeats or resembles.
 */
export function checkNewExamples(
  existing: readonly { branch: string; text: string }[],
  incoming: readonly { branch: string; text: string }[],
) {
  const keyed = keyedExamples([...existing, ...incoming]);
  return keyed.slice(existing.length).map((e, i) => {
    const before = keyed.slice(0, existing.length + i);
    const same = before.find((b) => b.branch === e.branch && b.key === e.key);
    const like = same ?? before.find((b) => similar(b, e));
    const status = same ? ('duplicate' as const) : like ? ('similar' as const) : ('new' as const);
    return { status, like: like ? { branch: like.branch, text: like.text } : null };
  });
}

/**
 * The key under which texts of one block count as the same example, normalised as the duplicate warning
 * does; a text without words compares as written, ignoring case. The language is guessed from `texts`.
 */
export function sameTextKey(texts: readonly string[]): (text: string) => string {
  const language = detectLanguage(texts);
  return (value) => exampleKey(value, language) || value.trim().toLowerCase();
}
