/**
 * Builds server/training/data/thesaurus-de.txt from OpenThesaurus (LGPL-2.1, www.openthesaurus.de), as
 * Debian's package `openthesaurus-de-text` installs it: one group of synonyms a line, single words
 * only (parenthesised notes such as '(ugs.)' dropped, phrases left out), each in the folded form of
 * normalizeKey, groups of fewer than two words left out; and thesaurus-de-stems.txt, the groups by the
 * German Snowball stem of their words (so unknown forms and typos find them without stemming the
 * thesaurus at run time). Run again only to take a newer thesaurus or stemmer:
 *
 *   apt-get install -y openthesaurus-de-text && npx tsx scripts/build-thesaurus-de.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { normalizeKey } from '../server/text/normalise.ts';
import { stem } from '../server/text/stems.ts';

const source = process.argv[2] ?? '/usr/share/openthesaurus-de/openthesaurus.txt';
const data = new URL('../server/training/data/', import.meta.url);

const groups: string[] = [];
for (const line of readFileSync(source, 'utf8').split('\n')) {
  if (line.startsWith('#') || line.trim() === '') continue;
  const words = new Set<string>();
  for (const entry of line.split(';')) {
    const word = normalizeKey(entry.replace(/\([^)]*\)/g, ' '));
    if (word !== '' && !word.includes(' ') && !/[0-9]/.test(word)) words.add(word);
  }
  if (words.size >= 2) groups.push([...words].join(' '));
}
const header =
  '# OpenThesaurus (www.openthesaurus.de), Copyright (C) 2003-2014 Daniel Naber, LGPL-2.1 or later;\n' +
  '# single words folded by normalizeKey (scripts/build-thesaurus-de.ts)\n';
writeFileSync(new URL('thesaurus-de.txt', data), `${header + groups.join('\n')}\n`);

const byStem = new Map<string, Set<number>>();
groups.forEach((line, group) => {
  for (const word of line.split(' ')) {
    const key = stem(word, 'de');
    const set = byStem.get(key) ?? new Set<number>();
    set.add(group);
    byStem.set(key, set);
  }
});
const stems = [...byStem].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, set]) => [key, ...set].join(' '));
writeFileSync(
  new URL('thesaurus-de-stems.txt', data),
  `${header.split('\n')[0]}\n# a German Snowball stem, then the groups of thesaurus-de.txt (numbered from 0) with a word of it\n${stems.join('\n')}\n`,
);
console.log(`${groups.length} groups and ${stems.length} stems written`);
