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
  /** German translations of English words that are no German word, space-separated. */
  translations: Map<string, string>;
  /** Groups by stem, space-separated. */
  byStem: Map<string, string>;
  /** The stems by first letter and length (typo search). */
  stemBuckets: Map<string, string[]>;
}

let loaded: Thesaurus | undefined;

const dataLines = (file: string) =>
  readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));

/** A data file's lines as a map from their first word to the rest, parsed when looked up. */
function keyedLines(file: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of dataLines(file)) {
    const space = line.indexOf(' ');
    map.set(line.slice(0, space), line.slice(space + 1));
  }
  return map;
}

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
    const byStem = keyedLines('thesaurus-de-stems.txt');
    const stemBuckets = new Map<string, string[]>();
    for (const key of byStem.keys()) {
      const bucket = stemBuckets.get(bucketOf(key));
      if (bucket === undefined) stemBuckets.set(bucketOf(key), [key]);
      else bucket.push(key);
    }
    loaded = { groupsByWord, translations: keyedLines('translations-en-de.txt'), byStem, stemBuckets };
  }
  return loaded;
}

/**
 * Reads the thesaurus now: a server does it before it listens, as reading it on the first German answer
 * would hold up every chat for a few tenths of a second.
 */
export function preloadThesaurus(): void {
  thesaurus();
}

const NONE: readonly number[] = [];
const union = (lists: readonly (readonly number[])[]): readonly number[] => {
  const nonEmpty = lists.filter((l) => l.length > 0);
  return nonEmpty.length <= 1 ? (nonEmpty[0] ?? NONE) : [...new Set(nonEmpty.flat())];
};

/** Stems this short are one typo from too many others. */
const MIN_TYPO_STEM = 5;

const groupsOf = (list: string | undefined): readonly number[] =>
  list === undefined ? NONE : list.split(' ').map(Number);

/** The groups of a stem, or of every stem one typo from it. */
function byStem(t: Thesaurus, word: string): readonly number[] {
  const key = stem(word, 'de');
  const exact = t.byStem.get(key);
  if (exact !== undefined || key.length < MIN_TYPO_STEM) return groupsOf(exact);
  const found: (readonly number[])[] = [];
  for (const length of [key.length - 1, key.length, key.length + 1]) {
    for (const other of t.stemBuckets.get(bucketOf(key, length)) ?? []) {
      if (oneTypoApart(key, other)) found.push(groupsOf(t.byStem.get(other)));
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
  const german = t.translations.get(word)?.split(' ') ?? [];
  const translated = union(german.map((w) => t.groupsByWord.get(w) ?? NONE));
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
