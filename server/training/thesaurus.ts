/**
 * German synonyms from OpenThesaurus (data/thesaurus-de.txt, built by scripts/build-thesaurus-de.ts):
 * the groups a folded word belongs to, as it is written or by its dictionary lemma ('Chefs' → 'chef').
 * An English word German does not know ('Workload') takes the groups of its German translations from
 * the Ding dictionary (data/translations-en-de.txt, scripts/build-translations-en-de.ts). A classifier
 * with the `synonyms` feature gets one term per group, so an answer's 'Boss' shares a term with an
 * example's 'Vorgesetzter'. Read once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { lemma } from './morphology.ts';

interface Thesaurus {
  groupsByWord: Map<string, number[]>;
  /** German translations of English words that are no German word. */
  translations: Map<string, string[]>;
}

let loaded: Thesaurus | undefined;

const dataLines = (file: string) =>
  readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));

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
    loaded = { groupsByWord, translations };
  }
  return loaded;
}

const NONE: readonly number[] = [];
const union = (lists: readonly (readonly number[])[]): readonly number[] => {
  const nonEmpty = lists.filter((l) => l.length > 0);
  return nonEmpty.length <= 1 ? (nonEmpty[0] ?? NONE) : [...new Set(nonEmpty.flat())];
};

const cache = new Map<string, readonly number[]>();
const CACHE_LIMIT = 100_000;

function lookUp(word: string): readonly number[] {
  const { groupsByWord, translations } = thesaurus();
  const base = lemma(word);
  const own = union([
    groupsByWord.get(word) ?? NONE,
    base === undefined || base === word ? NONE : (groupsByWord.get(base) ?? NONE),
  ]);
  if (own.length > 0 || base !== undefined) return own;
  return union((translations.get(word) ?? []).map((t) => groupsByWord.get(t) ?? NONE));
}

/** The synonym groups of a folded German word (or of an English word's German translations). */
export function synonymGroups(word: string): readonly number[] {
  let groups = cache.get(word);
  if (groups === undefined) {
    groups = lookUp(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, groups);
  }
  return groups;
}
