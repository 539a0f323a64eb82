/**
 * German synonyms from OpenThesaurus (data/thesaurus-de.txt, built by scripts/build-thesaurus-de.ts):
 * the groups a folded word belongs to, as it is written or by its dictionary lemma ('Chefs' → 'chef').
 * A classifier with the `synonyms` feature gets one word term per group, so an answer's 'Boss' shares a
 * term with an example's 'Vorgesetzter'. Read once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { lemma } from './morphology.ts';

let groupsByWord: Map<string, number[]> | undefined;

function thesaurus(): Map<string, number[]> {
  if (!groupsByWord) {
    groupsByWord = new Map();
    const text = readFileSync(new URL('./data/thesaurus-de.txt', import.meta.url), 'utf8');
    let group = 0;
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      for (const word of line.split(' ')) {
        const list = groupsByWord.get(word);
        if (list === undefined) groupsByWord.set(word, [group]);
        else if (list[list.length - 1] !== group) list.push(group);
      }
      group++;
    }
  }
  return groupsByWord;
}

const NONE: readonly number[] = [];

const cache = new Map<string, readonly number[]>();
const CACHE_LIMIT = 100_000;

/** The synonym groups of a folded German word: those of the word as written and of its lemma. */
export function synonymGroups(word: string): readonly number[] {
  let groups = cache.get(word);
  if (groups === undefined) {
    const map = thesaurus();
    const own = map.get(word) ?? NONE;
    const base = lemma(word);
    const ofLemma = base === undefined || base === word ? NONE : (map.get(base) ?? NONE);
    groups = ofLemma.length === 0 ? own : [...new Set([...own, ...ofLemma])];
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, groups);
  }
  return groups;
}
