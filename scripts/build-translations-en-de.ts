/**
 * Builds server/training/data/translations-en-de.txt from the German-English dictionary Ding (GPL-2+,
 * Frank Richter, TU Chemnitz), as Debian's package `trans-de-en` installs it: per English word, the
 * German words of the entries it translates that OpenThesaurus knows, so a German model can read a
 * respondent's 'Workload' as 'Arbeitspensum' (thesaurus.ts). Only each entry's first sense, single
 * words, folded by normalizeKey; at most MAX_TRANSLATIONS German words an English word. Run after
 * build-thesaurus-de.ts, and again only to take a newer dictionary:
 *
 *   apt-get install -y trans-de-en && npx tsx scripts/build-translations-en-de.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { normalizeKey } from '../server/text/normalise.ts';

const source = process.argv[2] ?? '/usr/share/trans/de-en';
const data = new URL('../server/training/data/', import.meta.url);
const MAX_TRANSLATIONS = 8;

const german = new Set(
  readFileSync(new URL('thesaurus-de.txt', data), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .flatMap((line) => line.split(' ')),
);

/** The single words among a sense's alternatives, without notes in brackets and without 'to '. */
function words(sense: string): string[] {
  return sense
    .split(';')
    .map((w) => normalizeKey(w.replace(/\{[^}]*\}|\[[^\]]*\]|\([^)]*\)/g, ' ').replace(/^\s*to\s+/, '')))
    .filter((w) => w !== '' && !w.includes(' ') && !/[0-9]/.test(w));
}

const translations = new Map<string, string[]>();
for (const line of readFileSync(source, 'utf8').split('\n')) {
  if (line.startsWith('#')) continue;
  const [de, en] = line.split(' :: ');
  if (de === undefined || en === undefined) continue;
  const targets = words(de.split('|')[0]!).filter((w) => german.has(w));
  if (targets.length === 0) continue;
  for (const word of words(en.split('|')[0]!)) {
    if (german.has(word)) continue;
    const list = translations.get(word) ?? [];
    for (const t of targets) if (list.length < MAX_TRANSLATIONS && !list.includes(t)) list.push(t);
    translations.set(word, list);
  }
}
const header =
  '# Ding German-English dictionary, (c) Frank Richter 1999-2022, GPL-2+; an English word, then the\n' +
  '# German words it translates to that OpenThesaurus knows (scripts/build-translations-en-de.ts)\n';
const lines = [...translations].map(([word, list]) => [word, ...list].join(' '));
writeFileSync(new URL('translations-en-de.txt', data), `${header + lines.join('\n')}\n`);
console.log(`${lines.length} English words written`);
