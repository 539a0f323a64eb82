import type { DU_SIE } from './dialogs.ts';
import { parse, serialize, type TextItem } from './text-content.ts';

/**
 * du/Sie in an author's German texts: where a text still speaks in the other form of address than the
 * dialog's, and what the simple cases become. Conservative by design: a capitalised 'Sie', 'Ihr' or
 * 'Ihnen' at the start of a sentence may mean 'they', 'her' or 'them', so it is never flagged; only
 * clear cases are, and of those only the ones whose conversion is certain carry a replacement (the
 * rest are listed for the author to rewrite). Only text items are read: media, links and delays stay.
 */
export type Address = (typeof DU_SIE)[number];

export interface AddressHit {
  /** Where the words are in the text item (UTF-16 offsets) and what they say. */
  start: number;
  end: number;
  found: string;
  /** What they become in the dialog's form; null: no sure conversion, the author rewrites it. */
  replacement: string | null;
}

/** du ↔ Sie of the possessive and the dative (never ambiguous away from a sentence's start). */
const POSSESSIVE: Record<string, string> = {
  dein: 'Ihr',
  deine: 'Ihre',
  deinen: 'Ihren',
  deinem: 'Ihrem',
  deiner: 'Ihrer',
  deines: 'Ihres',
};

/** Verbs with du's and Sie's present forms, for 'du kannst' ↔ 'Sie können' and 'kannst du' ↔ 'können Sie'. */
const FINITE: Record<string, string> = {
  kannst: 'können',
  möchtest: 'möchten',
  willst: 'wollen',
  hast: 'haben',
  bist: 'sind',
  würdest: 'würden',
  darfst: 'dürfen',
  musst: 'müssen',
  wirst: 'werden',
  sollst: 'sollen',
  weißt: 'wissen',
  findest: 'finden',
};

/** du's imperative ↔ Sie's infinitive ('gib' ↔ 'geben Sie'); the first form is the one written back. */
const IMPERATIVE: Record<string, string[]> = {
  geben: ['gib'],
  nehmen: ['nimm'],
  sehen: ['sieh'],
  lesen: ['lies'],
  helfen: ['hilf'],
  sprechen: ['sprich'],
  vergessen: ['vergiss'],
  seien: ['sei'],
  klicken: ['klicke'],
  wählen: ['wähle', 'wähl'],
  schreiben: ['schreibe', 'schreib'],
  sagen: ['sag'],
  nennen: ['nenne', 'nenn'],
  beschreiben: ['beschreibe', 'beschreib'],
  antworten: ['antworte'],
  tippen: ['tippe'],
  bewerten: ['bewerte'],
  gehen: ['geh', 'gehe'],
  kommen: ['komm', 'komme'],
  lassen: ['lass'],
  versuchen: ['versuche', 'versuch'],
  erzählen: ['erzähl', 'erzähle'],
  füllen: ['fülle', 'füll'],
  schauen: ['schau', 'schaue'],
  machen: ['mach', 'mache'],
};

const DU_IMPERATIVE = new Map(
  Object.entries(IMPERATIVE).flatMap(([inf, forms]) => forms.map((f) => [f, inf] as const)),
);
const SIE_FINITE = new Map(Object.entries(FINITE).map(([du, sie]) => [sie, du] as const));

/** Prepositions with the accusative: 'für dich' ↔ 'für Sie' is sure, a bare 'dich' may be reflexive. */
const ACCUSATIVE_PREPOSITIONS = new Set(['für', 'um', 'durch', 'gegen', 'ohne']);
/** Prepositions with the dative: 'mit dir' ↔ 'mit Ihnen'. */
const DATIVE_PREPOSITIONS = new Set(['mit', 'bei', 'von', 'zu', 'aus', 'nach', 'seit']);

interface Word {
  text: string;
  start: number;
  end: number;
  /** First word of a sentence (text start, after . ! ? : or a line break), or right after 'Bitte'. */
  initial: boolean;
  /** The sentence it belongs to ends with a question mark. */
  question: boolean;
}

const WORD = /\p{L}+/gu;

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const before = text.slice(0, start).replace(/[\s"'„“‚‘»«(–-]+$/u, '');
    const sentenceStart = before === '' || /[.!?:\n]$/.test(before);
    const rest = text.slice(start);
    const stop = rest.search(/[.!?\n]/);
    words.push({
      text: m[0],
      start,
      end: start + m[0].length,
      initial: sentenceStart,
      question: stop >= 0 && rest[stop] === '?',
    });
  }
  return words;
}

/** 'Kannst' keeps its capital: the replacement takes the first letter's case of what it replaces. */
function sameCase(replacement: string, like: string): string {
  const upper = like[0] !== undefined && like[0] === like[0].toUpperCase();
  return (upper ? replacement[0]?.toUpperCase() : replacement[0]?.toLowerCase()) + replacement.slice(1);
}

const lower = (w: Word | undefined) => w?.text.toLowerCase() ?? '';
const afterBitte = (words: Word[], i: number) =>
  i > 0 && lower(words[i - 1]) === 'bitte' && words[i - 1]!.initial;

/** A verb in the imperative's place: a sentence's first word, or the first after a leading 'Bitte'. */
const commandPlace = (words: Word[], i: number) => words[i]!.initial || afterBitte(words, i);

/** du-forms in a text written for Sie. */
function duHits(words: Word[]): AddressHit[] {
  const hits: AddressHit[] = [];
  const hit = (from: Word, to: Word, replacement: string | null) =>
    hits.push({ start: from.start, end: to.end, found: '', replacement });
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const word = w.text.toLowerCase();
    const next = words[i + 1];
    const prev = words[i - 1];
    if (word === 'du') {
      // 'du kannst' → 'Sie können', 'kannst du' → 'können Sie'; another verb: listed only.
      const after = lower(next);
      if (next && FINITE[after]) {
        hit(w, next, `Sie ${FINITE[after]}`);
        i++;
      } else if (prev && FINITE[lower(prev)]) {
        hit(prev, w, `${sameCase(FINITE[lower(prev)]!, prev.text)} Sie`);
      } else hit(w, w, null);
    } else if (word === 'dich' || word === 'dir') {
      const prep = lower(prev);
      const sure = word === 'dich' ? ACCUSATIVE_PREPOSITIONS.has(prep) : DATIVE_PREPOSITIONS.has(prep);
      hit(w, w, sure ? (word === 'dich' ? 'Sie' : 'Ihnen') : null);
    } else if (POSSESSIVE[word]) {
      hit(w, w, sameCase(POSSESSIVE[word], 'I'));
    } else if (DU_IMPERATIVE.has(word) && commandPlace(words, i) && !w.question) {
      // 'Gib deine Adresse ein.' → 'Geben Sie …'; a reflexive 'dich'/'dir' after it becomes 'sich'.
      const infinitive = DU_IMPERATIVE.get(word)!;
      if (lower(next) === 'dich' || lower(next) === 'dir') {
        hit(w, next!, `${sameCase(infinitive, w.text)} Sie sich`);
        i++;
      } else if (lower(next) !== 'du') hit(w, w, `${sameCase(infinitive, w.text)} Sie`);
    }
  }
  return hits;
}

/** Sie-forms in a text written for du: never at a sentence's start, where 'Sie' may be 'they'. */
function sieHits(words: Word[]): AddressHit[] {
  const hits: AddressHit[] = [];
  const hit = (from: Word, to: Word, replacement: string | null) =>
    hits.push({ start: from.start, end: to.end, found: '', replacement });
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.initial) continue;
    const next = words[i + 1];
    const prev = words[i - 1];
    if (w.text === 'Sie') {
      const before = lower(prev);
      const command = IMPERATIVE[before]?.[0];
      if (prev && command && commandPlace(words, i - 1) && !w.question && lower(next) !== 'sich') {
        // 'Bitte geben Sie …' → 'Bitte gib …': the verb and 'Sie' are one hit.
        hit(prev, w, sameCase(command, prev.text));
      } else if (prev && SIE_FINITE.has(before)) {
        hit(prev, w, `${sameCase(SIE_FINITE.get(before)!, prev.text)} du`);
      } else if (next && SIE_FINITE.has(lower(next))) {
        hit(w, next, `du ${SIE_FINITE.get(lower(next))}`);
        i++;
      } else hit(w, w, ACCUSATIVE_PREPOSITIONS.has(before) ? 'dich' : null);
    } else if (w.text === 'Ihnen') {
      hit(w, w, 'dir');
    } else if (/^Ihr(e|en|em|er|es)?$/.test(w.text)) {
      hit(w, w, Object.entries(POSSESSIVE).find(([, sie]) => sie === w.text)?.[0] ?? null);
    }
  }
  return hits;
}

/** Where a plain text speaks in the other form than `address`, with the sure conversions. */
export function findOtherAddress(text: string, address: Address): AddressHit[] {
  const words = wordsOf(text);
  const hits = address === 'sie' ? duHits(words) : sieHits(words);
  return hits.map((h) => ({ ...h, found: text.slice(h.start, h.end) }));
}

/** The text with every hit that has a replacement replaced; hits without one stay as they are. */
export function convertAddress(text: string, address: Address): string {
  let out = '';
  let at = 0;
  for (const h of findOtherAddress(text, address)) {
    if (h.replacement === null) continue;
    out += text.slice(at, h.start) + h.replacement;
    at = h.end;
  }
  return out + text.slice(at);
}

/** The hits of an author's text content (its text items only), in the order they are read. */
export function contentAddressHits(content: string, address: Address): AddressHit[] {
  return parse(content).flatMap((item) => (item.kind === 'text' ? findOtherAddress(item.text, address) : []));
}

/** The text content with the sure conversions made in its text items; media, links and delays kept. */
export function convertContentAddress(content: string, address: Address): string {
  const items = parse(content).map(
    (item): TextItem =>
      item.kind === 'text' ? { kind: 'text', text: convertAddress(item.text, address) } : item,
  );
  return serialize(items);
}
