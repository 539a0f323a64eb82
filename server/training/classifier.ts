/**
 * The free-text classifier that routes answers to branches by trained examples: TF-IDF features
 * (features.ts) and softmax regression (softmax.ts), offline and in-process. The model is plain JSON
 * (versioned) so it can be stored with the dialog; classify decodes it once per model object.
 */
import { contentWords } from '../text/normalise.ts';
import { detectLanguage, type Language, stem, tokens } from '../text/stems.ts';
import { labelShare, oneTypoApart } from '../text/word-match.ts';
import {
  DEFAULT_FEATURES,
  type FeatureOptions,
  fitVocabulary,
  terms,
  type Vocabulary,
  vectorize,
} from './features.ts';
import {
  DEFAULT_SOFTMAX,
  predict,
  type SoftmaxOptions,
  type SoftmaxWeights,
  trainSoftmax,
} from './softmax.ts';

export interface Example {
  label: string;
  text: string;
}

export const MODEL_FORMAT = 'dialogwerk-nlu';
export const MODEL_VERSION = 1;

/** Labels that name the 'none of these' branch; their examples train the none class. */
export function isNoneLabel(label: string): boolean {
  const key = label.trim().toLowerCase();
  return key === 'none' || key === 'keiner davon';
}

export interface Thresholds {
  /** Below this probability of the best branch the answer takes the none branch. */
  threshold: number;
  /** ... and also when the best branch leads the second by less than this. */
  margin: number;
}

/**
 * Default thresholds for a model with this many labels: the best branch must be a twentieth of the way
 * from chance (1 / labels) to certainty, so a block with 2 branches needs 0.525 and one with 64 needs
 * 0.065. With examples of the none class it must also lead the second by 0.02: such near ties were
 * mostly none answers under cross-validation, while without none examples the margin only turned away
 * answers that were routed right (few-shot samples: 0.917 routed with no margin, 0.910 with it; a tenth
 * of the way instead of a twentieth: 0.903).
 */
export function defaultThresholds(labels: number, noneExamples = false): Thresholds {
  const chance = 1 / Math.max(labels, 1);
  return { threshold: chance + 0.05 * (1 - chance), margin: noneExamples ? 0.02 : 0 };
}

/**
 * How much an answer naming a branch's label counts (log-odds per whole label named, labelShare in
 * matching.ts): branch labels are the author's words for what the branch is about, which examples
 * alone teach poorly when they are few ('sync' in 'Google Contact Synchronization' for the branch
 * 'Sync Accounts'). The same scores go into training as fixed offsets, so the weights learn what the
 * labels do not already say. Chosen by cross-validation on the training splits only (`npx tsx
 * bench/nlu-corpora.ts --cv '{"labelWeight":W}'`), see README Benchmarks.
 */
export const DEFAULT_LABEL_WEIGHT = 2;

export interface TrainOptions extends Partial<Thresholds> {
  /** Language of the stemmer; detected from the examples when not given. */
  language?: Language;
  /** DEFAULT_LABEL_WEIGHT when not given; 0 routes by the examples alone. */
  labelWeight?: number;
  features?: Partial<FeatureOptions>;
  softmax?: Partial<SoftmaxOptions>;
}

export interface NluModel {
  format: typeof MODEL_FORMAT;
  version: typeof MODEL_VERSION;
  language: Language;
  /** Classes in weight order; the none class (if trained) is one of them, named as in the examples. */
  labels: string[];
  noneLabel: string | null;
  thresholds: Thresholds;
  features: FeatureOptions;
  /** DEFAULT_LABEL_WEIGHT when trained; models stored before it have none and route by examples only. */
  labelWeight?: number;
  /**
   * The examples' content words (contentWords), sorted: an answer's word one typo from one of them is
   * known to the model too. Models stored before it have none, and forgive no typo this way.
   */
  words?: string[];
  /** Terms in feature order with their IDF (base64 of little-endian float32). */
  vocabulary: string[];
  idf: string;
  /** Feature-major weights (features × labels) and the bias per label, base64 float32. */
  weights: string;
  bias: string;
}

export interface Ranked {
  label: string;
  confidence: number;
}

export interface Classified {
  /** The branch label, or null for 'none' (none class won, or too unsure). */
  label: string | null;
  /** Probability of the best-ranked label. */
  confidence: number;
  /** All labels by falling probability (they sum to 1). */
  ranking: Ranked[];
}

function encode(values: Float64Array): string {
  const f32 = Float32Array.from(values);
  return Buffer.from(f32.buffer, f32.byteOffset, f32.byteLength).toString('base64');
}

/** Content words of each label; none labels have none, as they name no topic of their own. */
const labelWordLists = (labels: readonly string[]) =>
  labels.map((label) => (isNoneLabel(label) ? [] : contentWords(label)));

/** Scores each label gets for an answer (its content words) naming it, added to the model's. */
function labelOffsets(
  labelWords: readonly string[][],
  words: readonly string[],
  weight: number,
): Float64Array {
  const out = new Float64Array(labelWords.length);
  if (weight === 0) return out;
  labelWords.forEach((list, k) => {
    out[k] = weight * labelShare(list, words);
  });
  return out;
}

function decode(text: string): Float64Array {
  const bytes = Buffer.from(text, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export function train(examples: readonly Example[], options: TrainOptions = {}): NluModel {
  const usable = examples.filter((e) => e.label.trim() !== '');
  if (usable.length === 0) throw new Error('Keine Beispiele zum Trainieren');
  const language = options.language ?? detectLanguage(usable.map((e) => e.text));
  const features: FeatureOptions = { ...DEFAULT_FEATURES, ...options.features };
  const labels = [...new Set(usable.map((e) => e.label))].sort();
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const termLists = usable.map((e) => terms(e.text, language, features));
  const vocabulary = fitVocabulary(termLists);
  const rows = termLists.map((t) => vectorize(t, vocabulary, features.charWeight));
  const y = Int32Array.from(usable, (e) => labelIndex.get(e.label)!);
  const labelWeight = options.labelWeight ?? DEFAULT_LABEL_WEIGHT;
  const labelWords = labelWordLists(labels);
  const offsets = new Float64Array(usable.length * labels.length);
  const words = new Set<string>();
  usable.forEach((e, i) => {
    const content = contentWords(e.text);
    for (const w of content) words.add(w);
    offsets.set(labelOffsets(labelWords, content, labelWeight), i * labels.length);
  });
  const weights = trainSoftmax(
    rows,
    y,
    labels.length,
    vocabulary.idf.length,
    { ...DEFAULT_SOFTMAX, ...options.softmax },
    offsets,
  );
  const vocabularyTerms: string[] = new Array(vocabulary.idf.length);
  for (const [term, i] of vocabulary.index) vocabularyTerms[i] = term;
  const noneLabel = labels.find(isNoneLabel) ?? null;
  const defaults = defaultThresholds(labels.length, noneLabel !== null);
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    language,
    labels,
    noneLabel,
    thresholds: {
      threshold: options.threshold ?? defaults.threshold,
      margin: options.margin ?? defaults.margin,
    },
    features,
    labelWeight,
    words: [...words].sort(),
    vocabulary: vocabularyTerms,
    idf: encode(vocabulary.idf),
    weights: encode(weights.weights),
    bias: encode(weights.bias),
  };
}

interface Runtime {
  vocabulary: Vocabulary;
  softmax: SoftmaxWeights;
  labelWords: string[][];
  /** The examples' content words by their first letter (a typo there is rare, see oneTypoApart). */
  words: Map<string, string[]>;
}

function byFirstLetter(words: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    const list = out.get(w[0] ?? '');
    if (list) list.push(w);
    else out.set(w[0] ?? '', [w]);
  }
  return out;
}

// Decoded models by identity: a model loaded once per process is decoded once.
const runtimes = new WeakMap<NluModel, Runtime>();

function runtime(model: NluModel): Runtime {
  let r = runtimes.get(model);
  if (r) return r;
  if (model.format !== MODEL_FORMAT || model.version !== MODEL_VERSION) {
    throw new Error(`Unbekanntes Modellformat ${String(model.format)} v${String(model.version)}`);
  }
  const idf = decode(model.idf);
  const index = new Map(model.vocabulary.map((t, i) => [t, i]));
  const isChar = Uint8Array.from(model.vocabulary, (t) => (t.startsWith('c ') ? 1 : 0));
  r = {
    vocabulary: { index, idf, isChar },
    softmax: {
      classes: model.labels.length,
      features: model.vocabulary.length,
      weights: decode(model.weights),
      bias: decode(model.bias),
    },
    labelWords: labelWordLists(model.labels),
    words: byFirstLetter(model.words ?? []),
  };
  runtimes.set(model, r);
  return r;
}

/**
 * Gibberish, and answers about something else ('Mein Hund ist krank'), still share function words and
 * character n-grams with the examples and can get a winner. How much of an answer the model knows:
 * 'content' when one of its content words (contentWords in matching.ts: not 'ist', 'mein', 'nicht', ...)
 * is a known word, or one typo from a word of the examples ('hotlien' for 'Hotline', oneTypoApart) that
 * on its own points to the branch the answer goes to, or when the answer consists of known function words
 * only ('ja', 'nein'); 'form' when it only shares function words ('how can i get to Hohenlindenerstr'),
 * typos that point elsewhere or most of its character n-grams with the examples; else 'none'. QA, session
 * 9: typos were told by the share of a word's character n-grams the examples have (two thirds), which
 * most words reach once there are a few dozen examples: 'Das Wetter ist schön' went to Preis ('schön' in
 * 'Rabatte wären schön'; 'Wetter' passed as a typo, and is one from 'weiter' too, which points elsewhere).
 */
type Familiarity = 'content' | 'form' | 'none';

const MIN_KNOWN_CHARS = 0.5;

function familiarity(
  text: string,
  content: readonly string[],
  termList: readonly string[],
  model: NluModel,
  r: Runtime,
  best: number,
): Familiarity {
  const { vocabulary, words: lexicon } = r;
  const known = (term: string) => vocabulary.index.has(term);
  const wordKnown = (w: string) => known(`w ${stem(w, model.language)}`);
  const typo = (w: string) => (lexicon.get(w[0] ?? '') ?? []).some((k) => oneTypoApart(w, k));
  if (content.some(wordKnown)) return 'content';
  // A typo is a guess: it vouches only for the branch it points to on its own.
  const typos = content.filter(typo);
  if (typos.some((w) => bestIndex(scores(model, r, w, [w])) === best)) return 'content';
  const words = tokens(text);
  if (content.length === 0 && words.length > 0 && words.every(wordKnown)) return 'content';
  const wordTerms = termList.filter((t) => !t.startsWith('c '));
  if (typos.length > 0 || wordTerms.some(known)) return 'form';
  const chars = termList.filter((t) => t.startsWith('c '));
  return chars.length > 0 && chars.filter(known).length / chars.length >= MIN_KNOWN_CHARS ? 'form' : 'none';
}

/** The label probabilities of a text with its content words (the label offsets). */
function scores(model: NluModel, r: Runtime, text: string, content: readonly string[]) {
  const x = vectorize(terms(text, model.language, model.features), r.vocabulary, model.features.charWeight);
  const offset = labelOffsets(r.labelWords, content, model.labelWeight ?? 0);
  return { p: predict(r.softmax, x, offset), offset };
}

const bestIndex = ({ p }: { p: Float64Array }) => p.indexOf(Math.max(...p));

/**
 * The confidence an answer the model knows only by its form needs: half-way from the threshold to
 * certainty. Such answers were routed right when the model was sure ('harthaus to hackerbrücke': 0.99)
 * and wrong when it was not ('Das Wetter ist schön': 0.62 for a price branch).
 */
const formThreshold = (threshold: number) => (1 + threshold) / 2;

export function classify(model: NluModel, text: string, thresholds: Partial<Thresholds> = {}): Classified {
  const r = runtime(model);
  const { threshold, margin } = { ...model.thresholds, ...thresholds };
  const termList = terms(text, model.language, model.features);
  const content = contentWords(text);
  const x = vectorize(termList, r.vocabulary, model.features.charWeight);
  const offset = labelOffsets(r.labelWords, content, model.labelWeight ?? 0);
  const p = predict(r.softmax, x, offset);
  const ranking = model.labels
    .map((label, i) => ({ label, confidence: p[i]! }))
    .sort((a, b) => b.confidence - a.confidence || (a.label < b.label ? -1 : 1));
  const best = ranking[0]!;
  const second = ranking[1]?.confidence ?? 0;
  const known =
    offset[model.labels.indexOf(best.label)]! > 0
      ? 'content'
      : familiarity(text, content, termList, model, r, model.labels.indexOf(best.label));
  const unsure =
    best.confidence < (known === 'form' ? formThreshold(threshold) : threshold) ||
    best.confidence - second < margin ||
    known === 'none';
  const label = best.label === model.noneLabel || unsure ? null : best.label;
  return { label, confidence: best.confidence, ranking };
}
