/**
 * Builds server/training/data/thesaurus-de.txt from OpenThesaurus (LGPL-2.1, www.openthesaurus.de), as
 * Debian's package `openthesaurus-de-text` installs it: one group of synonyms a line, single words
 * only (parenthesised notes such as '(ugs.)' dropped, phrases left out), each in the folded form of
 * normalizeKey, groups of fewer than two words left out. Run again only to take a newer thesaurus:
 *
 *   apt-get install -y openthesaurus-de-text && npx tsx scripts/build-thesaurus-de.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { normalizeKey } from '../server/text/normalise.ts';

const source = process.argv[2] ?? '/usr/share/openthesaurus-de/openthesaurus.txt';
const target = new URL('../server/training/data/thesaurus-de.txt', import.meta.url);

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
writeFileSync(target, `${header + groups.join('\n')}\n`);
console.log(`${groups.length} groups written to ${target.pathname}`);
