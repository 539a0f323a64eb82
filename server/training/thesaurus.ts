/**
 * German synonyms from OpenThesaurus (data/thesaurus-de.txt and its groups by stem, built by
 * scripts/build-thesaurus-de.ts): the groups a folded word belongs to, found as it is written, by its
 * dictionary lemma ('Chefs' → 'chef'), for an English word German does not know ('Workload') by its
 * German translations from the Ding dictionary (data/translations-en-de.txt), and for a word no
 * dictionary knows by its stem or a stem one typo from it ('Etlassungen' → 'entlass'). A classifier with
 * the `synonyms` feature gets one term per group, so an answer's 'Boss' shares a term with an example's
 * 'Vorgesetzter'. Read once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { stem } from '../text/stems.ts';
import { oneTypoApart } from '../text/word-match.ts';
import { lemma } from './morphology.ts';

interface Thesaurus {
  groupsByWord: Map<string, number[]>;
  /** German translations of English words that are no German word. */
  translations: Map<string, string[]>;
  /** Groups by stem, the stems bucketed by first letter and length (typo search). */
  byStem: Map<string, Map<string, number[]>>;
}

let loaded: Thesaurus | undefined;

const dataLines = (file: string) =>
  readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));

const bucketOf = (stemmed: string, length = stemmed.length) => `${stemmed[0]}${length}`;

function thesaurus(): Thesaurus {
  if (!loaded) {
    const groupsByWord = new Map<string, number[]>();
    dataLines('thesaurus-de.txt').forEach((line, group) => {
      for (const word of line.split(' ')) {
        const list = groupsByWord.get(word);
        if (list === undefined) groupsByWord.set(word, [group]);
        else if (list[list.length - 1] !== group) list.push(group);
      }
    });
    const translations = new Map<string, string[]>();
    for (const line of dataLines('translations-en-de.txt')) {
      const [word, ...german] = line.split(' ');
      translations.set(word!, german);
    }
    const byStem = new Map<string, Map<string, number[]>>();
    for (const line of dataLines('thesaurus-de-stems.txt')) {
      const [key, ...groups] = line.split(' ');
      const bucket = byStem.get(bucketOf(key!)) ?? new Map<string, number[]>();
      bucket.set(key!, groups.map(Number));
      byStem.set(bucketOf(key!), bucket);
    }
    loaded = { groupsByWord, translations, byStem };
  }
  return loaded;
}

const NONE: readonly number[] = [];
const union = (lists: readonly (readonly number[])[]): readonly number[] => {
  const nonEmpty = lists.filter((l) => l.length > 0);
  return nonEmpty.length <= 1 ? (nonEmpty[0] ?? NONE) : [...new Set(nonEmpty.flat())];
};

/** Stems this short are one typo from too many others. */
const MIN_TYPO_STEM = 5;

/** The groups of a stem, or of every stem one typo from it. */
function byStem({ byStem }: Thesaurus, word: string): readonly number[] {
  const key = stem(word, 'de');
  const exact = byStem.get(bucketOf(key))?.get(key);
  if (exact !== undefined || key.length < MIN_TYPO_STEM) return exact ?? NONE;
  const found: number[][] = [];
  for (const length of [key.length - 1, key.length, key.length + 1]) {
    for (const [other, groups] of byStem.get(bucketOf(key, length)) ?? []) {
      if (oneTypoApart(key, other)) found.push(groups);
    }
  }
  return union(found);
}

function lookUp(word: string): readonly number[] {
  const t = thesaurus();
  const base = lemma(word);
  const own = union([
    t.groupsByWord.get(word) ?? NONE,
    base === undefined || base === word ? NONE : (t.groupsByWord.get(base) ?? NONE),
  ]);
  // A word the dictionary knows is what it is: 'Wetter' is no typo of 'weiter'.
  if (own.length > 0 || base !== undefined) return own;
  const translated = union((t.translations.get(word) ?? []).map((w) => t.groupsByWord.get(w) ?? NONE));
  return translated.length > 0 ? translated : byStem(t, word);
}

const cache = new Map<string, readonly number[]>();
const CACHE_LIMIT = 100_000;

/** The synonym groups of a folded German word (see above); none for a word nothing explains. */
export function synonymGroups(word: string): readonly number[] {
  let groups = cache.get(word);
  if (groups === undefined) {
    groups = lookUp(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, groups);
  }
  return groups;
}
