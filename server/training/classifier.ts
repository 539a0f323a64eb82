/**
 * The free-text classifier that routes answers to branches by trained examples: TF-IDF features
 * (features.ts) and softmax regression (softmax.ts), offline and in-process. The model is plain JSON
 * (versioned) so it can be stored with the dialog; classify decodes it once per model object.
 */
import { contentWords, isFunctionWord } from '../text/normalise.ts';
import { detectLanguage, type Language, stem, tokens } from '../text/stems.ts';
import { labelShare } from '../text/word-match.ts';
import {
  defaultThresholds,
  type Familiarity,
  MIN_NONE_EXAMPLES,
  noneDecision,
  routeLimit,
  type Thresholds,
  unsure,
} from './calibration.ts';
import {
  defaultFeatures,
  type FeatureOptions,
  fitVocabulary,
  synonymTerms,
  termGroup,
  terms,
  type Vocabulary,
  vectorize,
} from './features.ts';
import { compoundParts } from './morphology.ts';
import { withNoisyCopies } from './noise.ts';
import {
  DEFAULT_SOFTMAX,
  predict,
  type SoftmaxOptions,
  type SoftmaxWeights,
  trainSoftmax,
} from './softmax.ts';
import { byFirstLetter, typoOf } from './typos.ts';

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

export { defaultThresholds, type Thresholds };

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
  /**
   * false: the margin and the strict form threshold apply also when the none class has enough examples
   * to be an ordinary class (noneDecision in calibration.ts), as with explicit thresholds; for
   * comparisons in the benches.
   */
  noneClass?: boolean;
  /**
   * Noisy copies (noise.ts, fixed seed) of each example added to the training rows, so the model sees
   * answers typed as respondents type them; 0 when not given.
   */
  augment?: number;
}

export interface NluModel {
  format: typeof MODEL_FORMAT;
  version: typeof MODEL_VERSION;
  language: Language;
  /** Classes in weight order; the none class (if trained) is one of them, named as in the examples. */
  labels: string[];
  noneLabel: string | null;
  thresholds: Thresholds;
  /** Decision.strictForm (calibration.ts); models stored before it have none and are strict. */
  strictForm?: boolean;
  features: FeatureOptions;
  /** DEFAULT_LABEL_WEIGHT when trained; models stored before it have none and route by examples only. */
  labelWeight?: number;
  /**
   * The examples' content words (contentWords), sorted: an answer's word one typo from one of them is
   * known to the model too. Models stored before it have none, and forgive no typo this way.
   */
  words?: string[];
  /**
   * The examples' function words (isFunctionWord), sorted, when the word terms leave them out
   * (features.contentTerms): an answer sharing one is known by its form (familiarity).
   */
  functionWords?: string[];
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
  /** The highest threshold at which the best-ranked label is taken (routeLimit in calibration.ts). */
  limit: number;
}

function encode(values: Float64Array): string {
  const f32 = Float32Array.from(values);
  return Buffer.from(f32.buffer, f32.byteOffset, f32.byteLength).toString('base64');
}

/**
 * Content words of each label, each with the parts of its compound when the model splits them
 * (features.compounds): 'Arbeitsmenge' is named by 'menge' too. None labels have none, as they name no
 * topic of their own.
 */
const labelWordLists = (labels: readonly string[], splits: boolean) =>
  labels.map((label) =>
    isNoneLabel(label) ? [] : contentWords(label).map((w) => [w, ...wordParts(w, splits)]),
  );

/** Whether a model splits compounds (German with features.compounds). */
const splitsCompounds = (language: Language, features: FeatureOptions) =>
  language === 'de' && features.compounds === true;

/** The parts of a compound that count on their own (compoundParts, long enough to be words). */
const wordParts = (word: string, splits: boolean) =>
  splits ? compoundParts(word).filter((p) => p.length >= 4) : [];

/** An answer's content words and, when the model splits compounds, their parts. */
function answerWords(text: string, splits: boolean): string[] {
  const words = contentWords(text);
  return splits ? [...words, ...words.flatMap((w) => wordParts(w, true))] : words;
}

/**
 * Scores each label gets for an answer (its answerWords) naming it, added to the model's: the share of
 * the label's words named (labelShare in matching.ts), a word named also by one of its parts.
 */
function labelOffsets(
  labelWords: readonly string[][][],
  words: readonly string[],
  weight: number,
): Float64Array {
  const out = new Float64Array(labelWords.length);
  if (weight === 0) return out;
  labelWords.forEach((list, k) => {
    if (list.length === 0) return;
    const named = list.filter((forms) => forms.some((w) => labelShare([w], words) > 0)).length;
    out[k] = (weight * named) / list.length;
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
  const model = fitModel(usable, language, options);
  const noneExamples = usable.filter((e) => e.label === model.noneLabel).length;
  // Explicit thresholds keep the rule of few none examples (margin and strict form), as before.
  const fewNone =
    options.threshold !== undefined || options.margin !== undefined || options.noneClass === false;
  const decision = noneDecision(
    model.labels.length,
    fewNone ? Math.min(noneExamples, MIN_NONE_EXAMPLES - 1) : noneExamples,
  );
  model.thresholds = {
    threshold: options.threshold ?? decision.threshold,
    margin: options.margin ?? decision.margin,
  };
  model.strictForm = decision.strictForm;
  return model;
}

/**
 * Each branch's label as an example of the branch: authors name branches by what they are about ('Preis
 * zu hoch', 'Impfung'), and the label offsets (labelOffsets) reward only an answer that names the label's
 * words, while as an example its stems, compound parts and character n-grams get weights like any
 * example's, so an answer sharing part of a label's word counts for it too. None
 * labels name no topic and give none. Noisy CV on the German training rows 0.5400 to 0.5543; English CV
 * 0.9514 to 0.9508, few-shot recall 0.9196 to 0.9192, within noise, so German only (GERMAN_FEATURES).
 */
function labelExamples(labels: readonly string[]): Example[] {
  return labels.filter((label) => !isNoneLabel(label)).map((label) => ({ label, text: label }));
}

/** The model of these examples with the default thresholds (train sets the none decision). */
function fitModel(usable: readonly Example[], language: Language, options: TrainOptions): NluModel {
  const features: FeatureOptions = { ...defaultFeatures(language), ...options.features };
  const labels = [...new Set(usable.map((e) => e.label))].sort();
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const named = features.labelExamples ? labelExamples(labels) : [];
  const trainingSet = withNoisyCopies([...usable, ...named], options.augment ?? 0);
  const termLists = trainingSet.map((e) => terms(e.text, language, features));
  const vocabulary = fitVocabulary(termLists, features);
  const rows = termLists.map((t) => vectorize(t, vocabulary, features));
  const y = Int32Array.from(trainingSet, (e) => labelIndex.get(e.label)!);
  const labelWeight = options.labelWeight ?? DEFAULT_LABEL_WEIGHT;
  const splits = splitsCompounds(language, features);
  const labelWords = labelWordLists(labels, splits);
  const offsets = new Float64Array(trainingSet.length * labels.length);
  trainingSet.forEach((e, i) => {
    offsets.set(labelOffsets(labelWords, answerWords(e.text, splits), labelWeight), i * labels.length);
  });
  // The typo lexicon (familiarity) holds the authors' words only, never a noisy copy's.
  const words = new Set(usable.flatMap((e) => contentWords(e.text)));
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
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    language,
    labels,
    noneLabel,
    thresholds: defaultThresholds(labels.length, noneLabel !== null),
    strictForm: true,
    features,
    labelWeight,
    words: [...words].sort(),
    ...(features.contentTerms && {
      functionWords: [...new Set(usable.flatMap((e) => tokens(e.text).filter(isFunctionWord)))].sort(),
    }),
    vocabulary: vocabularyTerms,
    idf: encode(vocabulary.idf),
    weights: encode(weights.weights),
    bias: encode(weights.bias),
  };
}

interface Runtime {
  vocabulary: Vocabulary;
  softmax: SoftmaxWeights;
  labelWords: string[][][];
  splits: boolean;
  /** The examples' content words by their first letter (a typo there is rare, see oneTypoApart). */
  words: Map<string, string[]>;
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
  r = {
    vocabulary: { index, idf, group: Uint8Array.from(model.vocabulary, termGroup) },
    softmax: {
      classes: model.labels.length,
      features: model.vocabulary.length,
      weights: decode(model.weights),
      bias: decode(model.bias),
    },
    labelWords: labelWordLists(model.labels, splitsCompounds(model.language, model.features)),
    splits: splitsCompounds(model.language, model.features),
    words: byFirstLetter(model.words ?? []),
  };
  runtimes.set(model, r);
  return r;
}

const MIN_KNOWN_CHARS = 0.5;

/**
 * Gibberish, and answers about something else ('Mein Hund ist krank'), still share function words and
 * character n-grams with the examples and can get a winner. How much of an answer the model knows:
 * 'content' when one of its content words (contentWords in matching.ts: not 'ist', 'mein', 'nicht', ...)
 * is a known word or in a known synonym group, or one typo from a word of the examples ('hotlien' for
 * 'Hotline', oneTypoApart) that on its own points to the branch the answer goes to, or when the answer
 * consists of known function words only ('ja', 'nein'); 'form' when it only shares function words ('how
 * can i get to Hohenlindenerstr'), typos that point elsewhere or most of its character n-grams with the
 * examples; else 'none'. QA, session 9: typos told by the share of a word's character n-grams the
 * examples have (two thirds) let 'Das Wetter ist schön' go to Preis ('schön' in 'Rabatte wären schön').
 */
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
  const wordKnown = (w: string) =>
    known(`w ${stem(w, model.language)}`) || synonymTerms(w, model.language, model.features).some(known);
  const typo = (w: string) => typoOf(lexicon, w) !== undefined;
  if (content.some(wordKnown)) return 'content';
  // A typo is a guess: it vouches only for the branch it points to on its own.
  const typos = content.filter(typo);
  if (typos.some((w) => bestIndex(scores(model, r, w, [w])) === best)) return 'content';
  const words = tokens(text);
  if (content.length === 0 && words.length > 0 && words.every(wordKnown)) return 'content';
  const wordTerms = termList.filter((t) => !t.startsWith('c '));
  const sharedFunctionWord = words.some((w) => model.functionWords?.includes(w));
  if (typos.length > 0 || wordTerms.some(known) || sharedFunctionWord) return 'form';
  const chars = termList.filter((t) => t.startsWith('c '));
  return chars.length > 0 && chars.filter(known).length / chars.length >= MIN_KNOWN_CHARS ? 'form' : 'none';
}

/** The label probabilities of a text with its content words (the label offsets). */
function scores(model: NluModel, r: Runtime, text: string, content: readonly string[]) {
  const x = vectorize(terms(text, model.language, model.features), r.vocabulary, model.features);
  const offset = labelOffsets(r.labelWords, content, model.labelWeight ?? 0);
  return { p: predict(r.softmax, x, offset), offset };
}

/**
 * The text with each word the model does not know replaced by a word of the examples one typo from it
 * (oneTypoApart), when the model corrects typos (features.correctTypos): 'rechnugn' then has the word
 * features of 'rechnung', not only most of its character n-grams.
 */
function spelled(model: NluModel, r: Runtime, text: string): string {
  if (!model.features.correctTypos) return text;
  const known = (w: string) => r.vocabulary.index.has(`w ${stem(w, model.language)}`);
  return tokens(text)
    .map((w) => (known(w) ? w : (typoOf(r.words, w) ?? w)))
    .join(' ');
}

const bestIndex = ({ p }: { p: Float64Array }) => p.indexOf(Math.max(...p));

/** The labels by falling probability, and how much of the text the model knows. */
function rank(model: NluModel, text: string): { ranking: Ranked[]; known: Familiarity } {
  const r = runtime(model);
  const termList = terms(spelled(model, r, text), model.language, model.features, text);
  const content = contentWords(text);
  const x = vectorize(termList, r.vocabulary, model.features);
  const offset = labelOffsets(r.labelWords, answerWords(text, r.splits), model.labelWeight ?? 0);
  const p = predict(r.softmax, x, offset);
  const ranking = model.labels
    .map((label, i) => ({ label, confidence: p[i]! }))
    .sort((a, b) => b.confidence - a.confidence || (a.label < b.label ? -1 : 1));
  const best = model.labels.indexOf(ranking[0]!.label);
  const known = offset[best]! > 0 ? 'content' : familiarity(text, content, termList, model, r, best);
  return { ranking, known };
}

export function classify(model: NluModel, text: string, thresholds: Partial<Thresholds> = {}): Classified {
  const { ranking, known } = rank(model, text);
  const decision = { ...model.thresholds, strictForm: model.strictForm ?? true, ...thresholds };
  const best = ranking[0]!;
  const second = ranking[1]?.confidence ?? 0;
  const turnedAway = unsure(decision, best.confidence, second, known);
  const label = best.label === model.noneLabel || turnedAway ? null : best.label;
  return {
    label,
    confidence: best.confidence,
    ranking,
    limit: routeLimit(decision, best.confidence, second, known),
  };
}
