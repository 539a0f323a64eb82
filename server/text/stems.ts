/**
 * Tokens, stems and a cheap language guess, for the free-text classifier and the Q&A search. Tokens are
 * the normalised key's words (normalise.ts), so 'Märchen', 'maerchen' and 'marchen' are one word here as
 * in label matching.
 */
import { newStemmer } from 'snowball-stemmers';
import { normalizeKey } from './normalise.ts';

export type Language = 'de' | 'en';

export function tokens(text: string): string[] {
  const key = normalizeKey(text);
  return key === '' ? [] : key.split(' ');
}

const stemmers: Record<Language, { stem(word: string): string }> = {
  de: newStemmer('german'),
  en: newStemmer('english'),
};

/**
 * Stems by word, remembered: the Snowball port takes 15-80 µs a word, most of a classification, while
 * answers and examples repeat their words. Bounded: past the limit the memory starts afresh.
 */
const STEM_CACHE_LIMIT = 100_000;
const stemCache: Record<Language, Map<string, string>> = { de: new Map(), en: new Map() };

export function stem(word: string, language: Language): string {
  // Numbers stay as they are; the stemmers would cut '1990s'-like tokens oddly.
  if (/^[0-9]+$/.test(word)) return word;
  const cache = stemCache[language];
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = stemmers[language].stem(word);
    if (cache.size >= STEM_CACHE_LIMIT) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}

// Frequent function words of each language, normalised like the tokens they are compared with.
const GERMAN = new Set(
  (
    'der die das und ist nicht ich sie es ein eine zu mit den auf fur sich dem des von wir ihr auch ' +
    'bei mir mich wie was nur noch schon oder aber sehr gut kein keine mein meine bitte danke ja nein ' +
    'wird sind war hat haben kann mochte gerne gern zum zur im am uber'
  )
    .split(' ')
    .map(normalizeKey),
);
const ENGLISH = new Set(
  (
    'the and is not i you it a an to with on for of we they my me how what only still already or but ' +
    'very good no yes please thanks will are was has have can would like to in at about this that do ' +
    'does from your be'
  )
    .split(' ')
    .map(normalizeKey),
);

/** German when more of the words are German function words than English ones; English otherwise. */
export function detectLanguage(texts: readonly string[]): Language {
  let de = 0;
  let en = 0;
  for (const text of texts) {
    for (const word of tokens(text)) {
      if (GERMAN.has(word)) de++;
      if (ENGLISH.has(word)) en++;
    }
  }
  return de > en ? 'de' : 'en';
}
