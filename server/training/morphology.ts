/**
 * German word knowledge from the Hunspell dictionary of the npm package `dictionary-de` (igerman98,
 * GPL-2.0 or GPL-3.0, read from its files as installed, nothing downloaded): the lemma of an inflected
 * form ('Rechnungen' → 'rechnung', 'zahlte' → 'zahlen') and the parts of a compound ('Kundenservice' →
 * 'kunden' + 'service'). Read once per process, on first use; everything is compared in the folded
 * form of normalizeKey.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizeKey } from '../text/normalise.ts';

interface Suffix {
  flag: string;
  strip: string;
  condition: RegExp;
}

interface Lexicon {
  /** The dictionary's words, folded, with their flags. */
  entries: Map<string, string>;
  /** Suffix rules by the ending they add (folded). */
  byEnding: Map<string, Suffix[]>;
  longestEnding: number;
}

const FOLDED: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };

/** normalizeKey for a dictionary word, fast for plain German letters (75,000 of them are folded). */
function fold(word: string): string {
  const lower = word.toLowerCase();
  if (!/^[a-zäöüß]*$/.test(lower)) return normalizeKey(word);
  return lower
    .replace(/[äöüß]/g, (c) => FOLDED[c]!)
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u');
}

/** The affix file's NEEDAFFIX flag: forms that occur only inside compounds ('Arbeits', 'Kunden'). */
const NEED_AFFIX = 'h';

/**
 * Reads the dictionary as Hunspell does, analysing a word by undoing suffix rules rather than expanding
 * every entry (which took five seconds): the entries by folded word, the rules by the ending they add.
 * Folding happens before the rules apply, a small inexactness at umlauts that matches the folded answers.
 */
function read(dic: string, aff: string): Lexicon {
  const byEnding = new Map<string, Suffix[]>();
  let longestEnding = 0;
  for (const line of aff.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] !== 'SFX' || parts.length < 5) continue;
    const [, flag, strip, add, condition] = parts as [string, string, string, string, string];
    const ending = add === '0' ? '' : fold(add.split('/')[0]!);
    const list = byEnding.get(ending) ?? [];
    list.push({
      flag,
      strip: strip === '0' ? '' : fold(strip),
      condition: new RegExp(`${condition.replace(/[äöüß]/g, (c) => FOLDED[c]!)}$`),
    });
    byEnding.set(ending, list);
    longestEnding = Math.max(longestEnding, ending.length);
  }
  const entries = new Map<string, string>();
  for (const line of dic.split('\n').slice(1)) {
    const slash = line.indexOf('/');
    const word = (slash === -1 ? line : line.slice(0, slash)).trim();
    const flags = slash === -1 ? '' : line.slice(slash + 1).trim();
    if (word === '' || /[\s-]/.test(word) || flags.includes(NEED_AFFIX)) continue;
    const key = fold(word);
    entries.set(key, (entries.get(key) ?? '') + flags);
  }
  return { entries, byEnding, longestEnding };
}

let lexicon: Lexicon | undefined;

/** The German lexicon, read on first use (a fifth of a second) and kept for the process. */
function german(): Lexicon {
  if (!lexicon) {
    const dir = dirname(createRequire(import.meta.url).resolve('dictionary-de'));
    lexicon = read(
      readFileSync(join(dir, 'index.dic'), 'utf8'),
      readFileSync(join(dir, 'index.aff'), 'utf8'),
    );
  }
  return lexicon;
}

/** Reads the dictionary now (a server does it before it listens, see preloadThesaurus). */
export function preloadLexicon(): void {
  german();
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The entry a folded word is a form of. Of several, the one it shares the longest beginning with, then
 * the shorter: 'rechnungen' is a form of 'rechnung' more than of 'rechnen'.
 */
function analyse(word: string): string | undefined {
  const { entries, byEnding, longestEnding } = german();
  if (entries.has(word)) return word;
  let best: string | undefined;
  for (let n = 0; n <= Math.min(longestEnding, word.length - 2); n++) {
    const rules = byEnding.get(word.slice(word.length - n));
    if (!rules) continue;
    const base = word.slice(0, word.length - n);
    for (const rule of rules) {
      const candidate = base + rule.strip;
      if (!entries.get(candidate)?.includes(rule.flag) || !rule.condition.test(candidate)) continue;
      if (best !== undefined) {
        const a = commonPrefix(word, candidate);
        const b = commonPrefix(word, best);
        if (a < b || (a === b && candidate.length >= best.length)) continue;
      }
      best = candidate;
    }
  }
  return best;
}

const lemmaCache = new Map<string, string | null>();
const CACHE_LIMIT = 100_000;

/** The lemma of a folded German word, or undefined when the dictionary does not know it. */
export function lemma(word: string): string | undefined {
  let known = lemmaCache.get(word);
  if (known === undefined) {
    known = analyse(word) ?? null;
    if (lemmaCache.size >= CACHE_LIMIT) lemmaCache.clear();
    lemmaCache.set(word, known);
  }
  return known ?? undefined;
}

/** Parts shorter than this are not split off: 'ab', 'an', 'er' would split almost any word. */
const MIN_PART = 3;

const splitCache = new Map<string, string[]>();

/**
 * The parts of a folded German word the dictionary does not know as a whole, each a known word (its
 * lemma), or [] when it is no such compound. Of the ways to split, the one with the fewest parts, then
 * the longest last part (the head) wins. A linking 's' goes ('arbeits' → 'arbeit'); a linking 'n' or
 * 'en' is a plural form the dictionary has ('kunden' → 'kunde').
 */
export function compoundParts(word: string): string[] {
  const cached = splitCache.get(word);
  if (cached) return cached;
  const parts = lemma(word) === undefined ? (split(word, 3) ?? []) : [];
  if (splitCache.size >= CACHE_LIMIT) splitCache.clear();
  splitCache.set(word, parts);
  return parts;
}

function split(word: string, depth: number): string[] | undefined {
  if (word.length < 2 * MIN_PART || depth === 0) return undefined;
  const part = (w: string) => lemma(w) ?? (w.endsWith('s') ? lemma(w.slice(0, -1)) : undefined);
  let best: string[] | undefined;
  // Longest head first; a split with fewer parts replaces one with more.
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
    const head = lemma(word.slice(i));
    if (head === undefined) continue;
    const known = part(word.slice(0, i));
    const front = known === undefined ? split(word.slice(0, i), depth - 1) : [known];
    if (front && (!best || front.length + 1 < best.length)) best = [...front, head];
    if (best?.length === 2) break;
  }
  return best;
}
