import { unitVector } from '../llm/embeddings.ts';

/**
 * Embeddings for tests that know meaning the way a real model does, in miniature: words of one concept
 * ('Kohle', 'Gehalt', 'Geld') share a dimension, other words land in hashed dimensions of their own. The
 * fake OpenAI-compatible server (fake-llm.ts) answers with them, and the unit tests use them directly.
 */

export const CONCEPTS: Record<string, readonly string[]> = {
  money: [
    'geld',
    'kohle',
    'gehalt',
    'lohn',
    'bezahlung',
    'verdiene',
    'verdienst',
    'euro',
    'bonus',
    'salary',
    'money',
    'knete',
  ],
  boss: [
    'chef',
    'chefin',
    'boss',
    'führung',
    'vorgesetzte',
    'vorgesetzter',
    'manager',
    'leitung',
    'teamleiter',
  ],
  load: [
    'arbeit',
    'workload',
    'stress',
    'überstunden',
    'arbeitsmenge',
    'aufgaben',
    'viel',
    'zeitdruck',
    'pensum',
  ],
  weather: ['wetter', 'sonne', 'regen', 'urlaub', 'hund', 'katze'],
};

const CONCEPT_DIMS = Object.keys(CONCEPTS).length;
export const DIMS = CONCEPT_DIMS + 32;

function hash(word: string): number {
  let h = 2166136261;
  for (const c of word) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % (DIMS - CONCEPT_DIMS);
}

/** A text's vector: 3 per concept word, 0.3 per other word in its hashed dimension (not normalised). */
export function conceptVector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  for (const w of words) {
    const concept = Object.values(CONCEPTS).findIndex((list) => list.includes(w));
    if (concept >= 0) v[concept]! += 3;
    else v[CONCEPT_DIMS + hash(w)]! += 0.3;
  }
  // An empty text still gets a vector, as real models give one.
  if (words.length === 0) v[DIMS - 1] = 1;
  return v;
}

/** The unit vector of conceptVector, as the embedder hands it on. */
export const conceptUnit = (text: string): Float32Array => unitVector(conceptVector(text));

/**
 * A small German set ('Was stört Sie an Ihrer Arbeit?') whose branches are each said in many words,
 * most of them in one example only: what the lexical model cannot know and embeddings can.
 */
export const WORK_EXAMPLES: Record<string, string[]> = {
  Bezahlung: [
    'Das Gehalt ist zu niedrig',
    'mehr Geld wäre gut',
    'Der Lohn reicht nicht',
    'ich verdiene zu wenig',
    'kein Bonus seit Jahren',
    'die Bezahlung ist unfair',
  ],
  Führung: [
    'Mein Chef hört nie zu',
    'Die Führung ist schwach',
    'der Vorgesetzte lobt nie',
    'unser Teamleiter ist unfair',
    'die Leitung entscheidet chaotisch',
    'die Chefin kontrolliert alles',
  ],
  Arbeitsmenge: [
    'Zu viel Arbeit',
    'ständig Überstunden',
    'der Stress ist enorm',
    'immer Zeitdruck',
    'zu viele Aufgaben auf einmal',
    'das Pensum ist nicht zu schaffen',
  ],
  none: [
    'Das Wetter ist schön',
    'mein Hund ist krank',
    'keine Ahnung',
    'Urlaub in der Sonne',
    'Regen',
    'nichts',
  ],
};

export const examplesOf = (set: Record<string, string[]>) =>
  Object.entries(set).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));
