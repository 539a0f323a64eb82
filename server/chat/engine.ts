import { type Block, isEndNodeId, LIKERT_NA_LABEL, likertScore } from '../../contract/blocks.ts';
import {
  type Address,
  CHAT_RESPONSE_SUFFIX,
  type ChatInput,
  type ChatInputType,
  type ChatMessage,
  type Classification,
} from '../../contract/chat.ts';
import type { Language } from '../../contract/constants.ts';
import { INPUT_TYPES, nextAfter, QUESTION_TYPES } from '../../contract/dialog-flow.ts';
import {
  isEncodableItem,
  MAX_DELAY_MS,
  type MediaKind,
  parse,
  serialize,
  type TextItem,
  textSegments,
} from '../../contract/text-content.ts';
import { findOption, isContinue, matchBranch } from './matching.ts';
import { parseNumber } from './numbers.ts';
import { buildQaIndex, QA_MIN_SCORE, type QaIndex } from './qa-search.ts';
import { type ChatTexts, chatTexts } from './texts.ts';

/**
 * The chat runtime (ARCHITECTURE.md "The chat runtime"): a pure function
 * (dialog, state, event) -> (state, messages, answers to store, input, finished). No I/O, no clock, no
 * randomness: the caller passes the time in the event and stores what comes out, so the whole
 * behaviour of a dialog is testable without a server.
 *
 * Order of a turn after a valid answer: the answer, the reactions of the chosen options or branch
 * (jump_to_reactions), then the follow-up (nachfrage) if the block has one, and after its answer the
 * acknowledgement; then the dialog goes on: is_end ends it, else the jump of the chosen option, else
 * jump_to_question, else the next block in order. Blocks without input (message, link, media, end, a
 * gpt block without a follow-up to ask) are shown and passed in the same turn until a block asks for
 * input or the dialog ends with its ending text.
 *
 * The language model enters through the env (EngineEnv.gpt, .qa) like the trained classifier: as lookups
 * of replies the caller fetched before the turn. A missing reply is no error: the block falls back.
 */

export interface ChatDialog {
  survey_id: string;
  welcome: string;
  ending: string;
  language: Language;
  du_sie: Address;
  /** The blocks, sorted by order. */
  blocks: readonly Block[];
  /** Media kind of each uploaded file a block shows (filename_db). */
  media: Readonly<Record<string, MediaKind>>;
}

/** A dialog with its lookups built once (the service caches it per dialog version). */
export interface PreparedDialog extends ChatDialog {
  byId: ReadonlyMap<string, Block>;
  position: ReadonlyMap<string, number>;
  /** Where the chat begins: the start_page block, else the first in order; null for no blocks. */
  first: string | null;
  texts: ChatTexts;
  /** The search index of each qa block's pairs. */
  qaIndex: ReadonlyMap<string, QaIndex>;
  /** Whether a turn can need the language model (a gpt block, or a qa block that may use it). */
  usesLlm: boolean;
}

export function prepareDialog(dialog: ChatDialog): PreparedDialog {
  const byId = new Map(dialog.blocks.map((b) => [b.unique_question_id, b]));
  const position = new Map(dialog.blocks.map((b, i) => [b.unique_question_id, i]));
  const start = dialog.blocks.find((b) => b.start_page === 1) ?? dialog.blocks[0];
  const qaIndex = new Map<string, QaIndex>();
  for (const b of dialog.blocks) {
    if (b.type === 'qa') qaIndex.set(b.unique_question_id, buildQaIndex(b.qa_pairs, dialog.language));
  }
  return {
    ...dialog,
    byId,
    position,
    first: start?.unique_question_id ?? null,
    texts: chatTexts(dialog.language, dialog.du_sie),
    qaIndex,
    usesLlm: dialog.blocks.some((b) => b.type === 'gpt' || (b.type === 'qa' && b.only_search === 0)),
  };
}

/**
 * Where the respondent is: a block's question, or its follow-up with the block to go to afterwards. step:
 * in a gpt block, the answers given to it so far (absent = 0; states stored before it have none). order:
 * the block's place when it asked, so that a respondent whose block is deleted meanwhile goes on with the
 * block that took its place (absent in states stored before it: such a respondent's dialog ends).
 * Multi-dialog chats (EngineEnv.holds, .leaves) add two places that ask nothing: 'held' before a block
 * that may not be shown yet, and 'away' after a block that handed the chat to another dialog, with the
 * block this dialog would have gone on with. A trigger event continues the dialog from either.
 */
export type Waiting =
  | { id: string; phase: 'question'; step?: number; order?: number }
  | { id: string; phase: 'nachfrage'; next: string | null }
  | { id: string; phase: 'held' }
  | { id: string; phase: 'away'; next: string | null };

export interface ChatState {
  status: 'new' | 'waiting' | 'finished';
  at: Waiting | null;
  /** Answers received so far (valid or not); the client echoes it to make a repeated request stale. */
  turn: number;
  /** Stored answers by block variable, for {{variable}} piping. */
  vars: Record<string, string>;
}

export const initialState = (): ChatState => ({ status: 'new', at: null, turn: 0, vars: {} });

export type AnswerValue = string | number | readonly string[];

export type ChatEvent =
  | { kind: 'start'; now: number }
  | { kind: 'restart'; now: number }
  | {
      kind: 'answer';
      now: number;
      unique_question_id: string;
      nachfrage_id?: string | null;
      turn?: number;
      answer: AnswerValue;
    }
  /** Jump to a block (or an end marker), e.g. a dialog manager's moveTo. */
  | { kind: 'trigger'; now: number; target: string };

/** A row for the answers table. */
export interface AnswerRecord {
  unique_question_id: string;
  kind: 'answer' | 'nachfrage' | 'gpt';
  value: string;
  value_num: number | null;
  branch: string | null;
  confidence: number | null;
}

export type GptBlock = Extract<Block, { type: 'gpt' }>;
export type QaBlock = Extract<Block, { type: 'qa' }>;

/** A gpt block asks the language model for its next follow-up question. */
export interface GptRequest {
  block: GptBlock;
  /** Answers given to the block, with this one: 0 when the block is reached (the first follow-up). */
  step: number;
  /** The answer just given (step 1 and on), else null. */
  answer: string | null;
  /** This turn's entries before the request; the conversation before this turn is stored. */
  messages: readonly ChatMessage[];
}

export interface GptReply {
  /** An exit condition holds (or the instruction's aim is reached): the dialog goes on. */
  done: boolean;
  /** The next follow-up question. */
  question: string;
}

/** A respondent's question in a qa block that may use the language model (only_search 0). */
export interface QaRequest {
  block: QaBlock;
  question: string;
  /**
   * What the answer must rest on: the best matching pairs of the search, best first, then the block's
   * other pairs in order (QA_MODEL_PAIRS at most).
   */
  pairs: readonly { question: string; answer: string }[];
}

/** How many pairs the search offers the language model first, best first. */
export const QA_GROUNDING = 3;
/** How many pairs a language-model answer may rest on at most: the search's hits, then the others. */
export const QA_MODEL_PAIRS = 20;

/** Seams that later issues fill; the engine stays pure as long as they are. */
export interface EngineEnv {
  /**
   * Routes a free-text answer to a branch (the trained model of the training issue). Undefined (or a
   * missing classifier) falls back to matching the branch labels.
   */
  classify?: (block: Extract<Block, { type: 'open_text' }>, answer: string) => Classification | undefined;
  /** The language model's reply for a gpt block; undefined (no model, or it failed): the block falls back. */
  gpt?: (request: GptRequest) => GptReply | undefined;
  /**
   * The language model's answer to a Q&A question from the given pairs; null: they do not answer it
   * (the fallback text is said); undefined: no model reply, the best pair answers.
   */
  qa?: (request: QaRequest) => string | null | undefined;
  /** Multi-dialog chats (waitFor): the block may not be shown yet; the dialog stops before it ('held'). */
  holds?: (blockId: string) => boolean;
  /**
   * Multi-dialog chats (moveTo, waitAPI): once the block is done the chat leaves this dialog, which
   * stops there ('away') and remembers where it would have gone on.
   */
  leaves?: (blockId: string) => boolean;
}

/**
 * ok: the event was applied; invalid: the answer was refused and the question asked again; stale: the
 * answer is not for the current question (the caller answers 409); ignored: nothing to do.
 */
export type Outcome = 'ok' | 'invalid' | 'stale' | 'ignored';

export interface EngineResult {
  outcome: Outcome;
  state: ChatState;
  /** New history entries of this turn. */
  messages: ChatMessage[];
  answers: AnswerRecord[];
  input: ChatInput | null;
  finished: boolean;
  /** The blocks done in this turn: answered (with their follow-up), or shown when they ask nothing. */
  done: string[];
}

const hasText = (content: string) => content.trim() !== '';

/** A piped text must stay one plain text bubble, whatever the respondent typed into the variable. */
function asTextItem(text: string): TextItem {
  let safe = text.replaceAll('§§', '§ §');
  if (safe.endsWith('§')) safe += ' ';
  const item: TextItem = { kind: 'text', text: safe };
  // A zero-width space in front keeps a value like "image:…" or "#5#" from turning into media or a delay.
  return isEncodableItem(item) ? item : { kind: 'text', text: `\u200b${safe}` };
}

function pipe(text: string, vars: Readonly<Record<string, string>>): string {
  return textSegments(text)
    .map((s) => (s.kind === 'text' ? s.text : Object.hasOwn(vars, s.name) ? vars[s.name] : ''))
    .join('');
}

interface SayOptions {
  blockId: string | null;
  current?: string | null;
  nachfrage?: string | null;
}

/** The entries of one turn; delays wait for the next bubble, even one of a later block. */
class Turn {
  readonly messages: ChatMessage[] = [];
  readonly answers: AnswerRecord[] = [];
  readonly done: string[] = [];
  private delay = 0;

  constructor(
    readonly dialog: PreparedDialog,
    readonly now: number,
    public vars: Record<string, string>,
    readonly env: EngineEnv,
  ) {}

  private bubble(item: TextItem, type: string, o: SayOptions) {
    const items: TextItem[] = this.delay > 0 ? [{ kind: 'delay', ms: this.delay }, item] : [item];
    this.delay = 0;
    this.messages.push({
      context: serialize(items),
      created_on: this.now,
      type,
      unique_question_id: o.blockId,
      nachfrage_id: o.nachfrage ?? null,
      current_question_id: o.current ?? null,
      finished_question_id: null,
      user_or_bot: 'bot',
    });
  }

  /** Text content as bubbles: delays carried forward, variables filled in, empty texts skipped. */
  say(content: string, type: string, o: SayOptions) {
    for (const item of parse(content)) {
      if (item.kind === 'delay') {
        this.delay = Math.min(MAX_DELAY_MS, this.delay + item.ms);
      } else if (item.kind === 'text') {
        const text = pipe(item.text, this.vars);
        if (hasText(text)) this.bubble(text === item.text ? item : asTextItem(text), type, o);
      } else {
        this.bubble(item, type, o);
      }
    }
  }

  /** A text of the bot's own (hints), never decoded. */
  sayPlain(text: string, type: string, o: SayOptions) {
    this.bubble(asTextItem(text), type, o);
  }

  user(context: string, type: string, blockId: string, nachfrageId: string | null, finished: boolean) {
    if (finished) this.done.push(blockId);
    this.messages.push({
      context,
      created_on: this.now,
      type: `${type}${CHAT_RESPONSE_SUFFIX}`,
      unique_question_id: blockId,
      nachfrage_id: nachfrageId,
      current_question_id: null,
      finished_question_id: finished ? blockId : null,
      user_or_bot: 'user',
    });
  }
}

/** A reply's question when it has one; at the first follow-up `done` has nothing to end yet. */
const replyText = (reply: GptReply | undefined): string | null =>
  reply && hasText(reply.question) ? reply.question.trim() : null;

/** A block's uploaded media file, shown before its text. */
function attachment(d: PreparedDialog, block: Block): TextItem | null {
  if (block.filename_db === null) return null;
  const kind = d.media[block.filename_db];
  return kind
    ? { kind, source: { filename: block.filename_db } }
    : { kind: 'file', filename: block.filename_db };
}

/**
 * Shows blocks from `id` on until one asks for input (returned) or the dialog ends (ending shown, null).
 * A block met twice in one run means a loop without any input: the dialog ends instead of spinning.
 */
function runFrom(t: Turn, id: string | null): Waiting | null {
  const d = t.dialog;
  const seen = new Set<string>();
  let current = id;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const block = d.byId.get(current);
    if (!block) break;
    if (t.env.holds?.(current)) return { id: current, phase: 'held' };
    const media = attachment(d, block);
    const written =
      block.type === 'gpt'
        ? replyText(t.env.gpt?.({ block, step: 0, answer: null, messages: [...t.messages] }))
        : null;
    const asks =
      INPUT_TYPES.has(block.type) && (block.type !== 'gpt' || written !== null || hasText(block.nachfrage));
    const o: SayOptions = { blockId: current, current: asks ? current : null };
    if (media) t.say(serialize([media]), block.type, o);
    if (block.type === 'gpt') {
      // The block's context instructs the language model; without its question the fixed follow-up is
      // asked, and without that the block is passed. The model's text is plain text, never decoded.
      if (written !== null) t.sayPlain(written, 'gpt', o);
      else if (asks) t.say(block.nachfrage, 'gpt', o);
    } else {
      t.say(block.context, block.type, o);
    }
    if (block.type === 'link' && block.link !== '') {
      t.say(serialize([{ kind: 'link', url: block.link, label: block.link_klick_name || null }]), 'link', o);
    }
    if (asks) return { id: current, phase: 'question', order: block.order };
    t.done.push(current);
    const next = nextAfter(d, block, null);
    if (t.env.leaves?.(current)) return { id: current, phase: 'away', next };
    current = next;
  }
  t.say(d.ending, 'ending', { blockId: null });
  return null;
}

/** After block `id` is done: away when the chat leaves the dialog there, else on to `next`. */
function continueAfter(t: Turn, id: string, next: string | null): Waiting | null {
  return t.env.leaves?.(id) ? { id, phase: 'away', next } : runFrom(t, next);
}

function blankInput(d: PreparedDialog, state: ChatState, id: string): ChatInput {
  return {
    type: 'open_text',
    unique_question_id: id,
    nachfrage_id: null,
    turn: state.turn,
    options: [],
    min: null,
    max: null,
    integer: 0,
    min_date: null,
    max_date: null,
    likert_na: 0,
    placeholder: d.texts.placeholderText,
  };
}

/** What the respondent is asked for in this state (null when the dialog is not waiting for input). */
export function inputFor(d: PreparedDialog, state: ChatState): ChatInput | null {
  const at = state.at;
  if (state.status !== 'waiting' || at === null || at.phase === 'held' || at.phase === 'away') return null;
  const base = blankInput(d, state, at.id);
  const block = d.byId.get(at.id);
  if (!block) return base;
  if (at.phase === 'nachfrage') return { ...base, type: 'nachfrage', nachfrage_id: at.id };
  const texts = d.texts;
  switch (block.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, type: block.type, options: [...block.options] };
    case 'likert':
      return {
        ...base,
        type: 'likert',
        options: block.likert_na === 1 ? [...block.options, texts.likertNa] : [...block.options],
        likert_na: block.likert_na,
      };
    case 'number':
      return {
        ...base,
        type: 'number',
        min: block.min,
        max: block.max,
        integer: block.integer,
        placeholder: texts.placeholderNumber,
      };
    case 'email':
      return { ...base, type: 'email', placeholder: texts.placeholderEmail };
    case 'date':
      return {
        ...base,
        type: 'date',
        min_date: block.min_date,
        max_date: block.max_date,
        placeholder: texts.placeholderDate,
      };
    case 'gpt':
      return { ...base, type: 'gpt' };
    case 'qa':
      return { ...base, type: 'qa', options: [texts.qaContinue], placeholder: texts.placeholderQuestion };
    default:
      // open_text, and a block whose type an author changed while the respondent was at it.
      return base;
  }
}

const answerText = (answer: AnswerValue): string =>
  typeof answer === 'string' ? answer : typeof answer === 'number' ? String(answer) : answer.join(', ');

/** A refused answer shows as typed, unless the block shows what it understood (a date the dialog's way). */
type Interpretation =
  | { ok: false; hint: string; display?: string }
  | { ok: true; display: string; value: string; records: AnswerRecord[]; chosen: number[] };

const record = (block: Block, value: string, extra: Partial<AnswerRecord> = {}): AnswerRecord => ({
  unique_question_id: block.unique_question_id,
  kind: 'answer',
  value,
  value_num: null,
  branch: null,
  confidence: null,
  ...extra,
});

/** A number answer: sent as a number (a client's own input), or typed and read by the dialog's language. */
function numberAnswer(answer: AnswerValue, language: Language): number | null {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : null;
  return typeof answer === 'string' ? parseNumber(answer, language) : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** A calendar date as JJJJ-MM-TT (from that form or TT.MM.JJJJ), or null. */
export function parseDate(text: string): { iso: string; ms: number } | null {
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  const de = GERMAN_DATE.exec(s);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : de ? [de[3], de[2], de[1]] : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
  date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1) return null;
  if (date.getUTCDate() !== Number(d)) return null;
  return { iso: `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`, ms: date.getTime() };
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function interpretChoice(
  block: Extract<Block, { type: 'single_choice' }>,
  answer: AnswerValue,
  t: ChatTexts,
): Interpretation {
  const picked = typeof answer === 'object' ? (answer.length === 1 ? answer[0]! : null) : String(answer);
  const i = picked === null ? -1 : findOption(block.options, picked);
  if (i === -1) return { ok: false, hint: t.chooseOption };
  const label = block.options[i]!;
  return { ok: true, display: label, value: label, records: [record(block, label)], chosen: [i] };
}

function interpretMultiple(
  block: Extract<Block, { type: 'multiple_choice' }>,
  answer: AnswerValue,
  t: ChatTexts,
): Interpretation {
  const picked = typeof answer === 'object' ? answer : [String(answer)];
  if (picked.length === 0 || picked.every((p) => p.trim() === ''))
    return { ok: false, hint: t.chooseAtLeastOne };
  const indices = picked.map((p) => findOption(block.options, p));
  if (indices.includes(-1)) return { ok: false, hint: t.chooseOption };
  const chosen = [...new Set(indices)].sort((a, b) => a - b);
  const labels = chosen.map((i) => block.options[i]!);
  const display = labels.join(', ');
  // One row per chosen option, so that counting an option is a plain GROUP BY in analytics.
  return { ok: true, display, value: display, records: labels.map((l) => record(block, l)), chosen };
}

function interpretLikert(
  block: Extract<Block, { type: 'likert' }>,
  answer: AnswerValue,
  t: ChatTexts,
): Interpretation {
  const scale = block.options;
  const picked = typeof answer === 'object' ? (answer.length === 1 ? answer[0]! : null) : String(answer);
  const i = picked === null ? -1 : findOption(scale, picked);
  if (i === -1) {
    // 'keine Angabe' (as the dialog's language shows it, or as stored): no score, jump or reaction.
    const na =
      block.likert_na === 1 && picked !== null && findOption([t.likertNa, LIKERT_NA_LABEL], picked) !== -1;
    if (!na) return { ok: false, hint: t.chooseOption };
    return {
      ok: true,
      display: t.likertNa,
      value: t.likertNa,
      records: [record(block, LIKERT_NA_LABEL)],
      chosen: [],
    };
  }
  const label = scale[i]!;
  const score = likertScore(scale, block.inverse, label);
  return {
    ok: true,
    display: label,
    value: label,
    records: [record(block, label, { value_num: score })],
    chosen: [i],
  };
}

function interpretNumber(
  block: Extract<Block, { type: 'number' }>,
  answer: AnswerValue,
  t: ChatTexts,
  language: Language,
): Interpretation {
  const n = numberAnswer(answer, language);
  // No number at all: the general hint, whose example in a block of whole numbers has no decimals.
  if (n === null) return { ok: false, hint: block.integer === 1 ? t.notANumberWhole : t.notANumber };
  if (block.integer === 1 && !Number.isInteger(n)) return { ok: false, hint: t.notAnInteger };
  const { min, max } = block;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    const hint =
      min !== null && max !== null
        ? t.numberBetween(t.formatNumber(min), t.formatNumber(max))
        : min !== null
          ? t.numberAtLeast(t.formatNumber(min))
          : t.numberAtMost(t.formatNumber(max!));
    return { ok: false, hint };
  }
  const display = typeof answer === 'string' ? answer.trim() : t.formatNumber(n);
  return {
    ok: true,
    display,
    value: display,
    records: [record(block, String(n), { value_num: n })],
    chosen: [],
  };
}

function interpretDate(
  block: Extract<Block, { type: 'date' }>,
  answer: AnswerValue,
  t: ChatTexts,
): Interpretation {
  const date = typeof answer === 'string' ? parseDate(answer) : null;
  if (!date) return { ok: false, hint: t.invalidDate };
  // Shown the same whether taken or refused: the date picker sends JJJJ-MM-TT, whatever the language.
  const display = t.formatDate(date.iso);
  const { min_date: min, max_date: max } = block;
  if ((min !== null && date.iso < min) || (max !== null && date.iso > max)) {
    const hint =
      min !== null && max !== null
        ? t.dateBetween(t.formatDate(min), t.formatDate(max))
        : min !== null
          ? t.dateFrom(t.formatDate(min))
          : t.dateUntil(t.formatDate(max!));
    return { ok: false, hint, display };
  }
  return {
    ok: true,
    display,
    value: display,
    records: [record(block, date.iso, { value_num: date.ms })],
    chosen: [],
  };
}

function validClassification(c: Classification | undefined, branches: number): Classification | undefined {
  if (!c || !Number.isFinite(c.confidence)) return undefined;
  if (c.branch === null) return c;
  return Number.isInteger(c.branch) && c.branch >= 0 && c.branch < branches ? c : undefined;
}

function interpretOpenText(
  block: Extract<Block, { type: 'open_text' }>,
  answer: AnswerValue,
  t: ChatTexts,
  env: EngineEnv,
): Interpretation {
  const text = answerText(answer).trim();
  if (text === '') return { ok: false, hint: t.emptyAnswer };
  if (block.options.length === 0) {
    return { ok: true, display: text, value: text, records: [record(block, text)], chosen: [] };
  }
  const routed =
    validClassification(env.classify?.(block, text), block.options.length) ??
    matchBranch(block.options, text);
  const branch = routed.branch === null ? null : block.options[routed.branch]!;
  return {
    ok: true,
    display: text,
    value: text,
    records: [record(block, text, { branch, confidence: routed.confidence })],
    chosen: routed.branch === null ? [] : [routed.branch],
  };
}

function interpret(block: Block, answer: AnswerValue, d: PreparedDialog, env: EngineEnv): Interpretation {
  const t = d.texts;
  switch (block.type) {
    case 'single_choice':
      return interpretChoice(block, answer, t);
    case 'multiple_choice':
      return interpretMultiple(block, answer, t);
    case 'likert':
      return interpretLikert(block, answer, t);
    case 'number':
      return interpretNumber(block, answer, t, d.language);
    case 'date':
      return interpretDate(block, answer, t);
    case 'open_text':
      return interpretOpenText(block, answer, t, env);
    case 'email': {
      const text = answerText(answer).trim();
      if (text.length > 254 || !EMAIL.test(text)) return { ok: false, hint: t.invalidEmail };
      return { ok: true, display: text, value: text, records: [record(block, text)], chosen: [] };
    }
    default: {
      // The block stopped being a question while the respondent was at it: take the text, store nothing.
      const text = answerText(answer).trim();
      return { ok: true, display: text, value: text, records: [], chosen: [] };
    }
  }
}

function result(d: PreparedDialog, outcome: Outcome, state: ChatState, t: Turn | null): EngineResult {
  return {
    outcome,
    state,
    messages: t ? t.messages : [],
    answers: t ? t.answers : [],
    input: inputFor(d, state),
    finished: state.status === 'finished',
    done: t ? t.done : [],
  };
}

function settle(t: Turn, at: Waiting | null, turn: number): ChatState {
  return at === null
    ? { status: 'finished', at: null, turn, vars: t.vars }
    : { status: 'waiting', at, turn, vars: t.vars };
}

function begin(d: PreparedDialog, now: number, env: EngineEnv): EngineResult {
  const t = new Turn(d, now, {}, env);
  t.say(d.welcome, 'welcome', { blockId: null });
  return result(d, 'ok', settle(t, runFrom(t, d.first), 0), t);
}

function isCurrent(state: ChatState, ev: Extract<ChatEvent, { kind: 'answer' }>): boolean {
  const at = state.at;
  if (state.status !== 'waiting' || at === null || ev.unique_question_id !== at.id) return false;
  if (at.phase !== 'question' && at.phase !== 'nachfrage') return false;
  if ((ev.nachfrage_id ?? null) !== (at.phase === 'nachfrage' ? at.id : null)) return false;
  return ev.turn === undefined || ev.turn === state.turn;
}

function answerQa(
  d: PreparedDialog,
  t: Turn,
  state: ChatState,
  block: Extract<Block, { type: 'qa' }>,
  text: string,
) {
  const texts = d.texts;
  const id = block.unique_question_id;
  const turn = state.turn + 1;
  const o = { blockId: id, current: id };
  if (text === '') {
    t.user(text, 'qa', id, null, false);
    t.sayPlain(texts.qaEmpty(texts.qaContinue), 'invalid', o);
    return result(d, 'invalid', { ...state, turn }, t);
  }
  if (isContinue(text, texts.qaContinue)) {
    t.user(text, 'qa', id, null, true);
    t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
    return result(d, 'ok', settle(t, continueAfter(t, id, nextAfter(d, block, null)), turn), t);
  }
  const hits = d.qaIndex.get(id)?.search(text, QA_GROUNDING) ?? [];
  const best = hits[0];
  const pair = best && best.score >= QA_MIN_SCORE ? block.qa_pairs[best.pair]! : null;
  // The model may find the answer in pairs that share no word with the question ('Kann ich die Ware
  // zurückschicken?' for a pair about returns): the search's hits first, then the block's other pairs.
  const offered = [...new Set([...hits.map((h) => h.pair), ...block.qa_pairs.keys()])]
    .slice(0, QA_MODEL_PAIRS)
    .map((i) => block.qa_pairs[i]!);
  const written =
    block.only_search === 0 && offered.length > 0
      ? t.env.qa?.({ block, question: text, pairs: offered })
      : undefined;
  t.user(text, 'qa', id, null, false);
  t.answers.push(record(block, text, { branch: pair?.question ?? null, confidence: best?.score ?? 0 }));
  const fallback = hasText(block.qa_fallback) ? block.qa_fallback : texts.qaNoAnswer;
  if (typeof written === 'string' && hasText(written)) t.sayPlain(written.trim(), 'qa_answer', o);
  else t.say(written === null || pair === null ? fallback : pair.answer, 'qa_answer', o);
  return result(d, 'ok', { ...state, turn }, t);
}

/**
 * An answer in a gpt block: stored, then the next follow-up of the language model unless it judges the
 * block done, max_turns answers are given, or it has no reply (none configured, or it failed).
 */
function answerGpt(d: PreparedDialog, t: Turn, state: ChatState, at: Waiting, block: GptBlock, text: string) {
  const id = block.unique_question_id;
  const turn = state.turn + 1;
  if (text === '') {
    t.user(text, 'gpt', id, null, false);
    t.sayPlain(d.texts.emptyAnswer, 'invalid', { blockId: id, current: id });
    return result(d, 'invalid', { ...state, turn }, t);
  }
  const step = (at.phase === 'question' ? (at.step ?? 0) : 0) + 1;
  const reply =
    step < block.max_turns
      ? t.env.gpt?.({ block, step, answer: text, messages: [...t.messages] })
      : undefined;
  const question = reply?.done === false ? replyText(reply) : null;
  t.user(text, 'gpt', id, null, question === null);
  t.answers.push(record(block, text, { kind: 'gpt' }));
  if (block.variable !== '') t.vars = { ...t.vars, [block.variable]: text };
  if (question !== null) {
    t.sayPlain(question, 'gpt', { blockId: id, current: id });
    return result(
      d,
      'ok',
      { status: 'waiting', at: { id, phase: 'question', step, order: block.order }, turn, vars: t.vars },
      t,
    );
  }
  t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
  return result(d, 'ok', settle(t, continueAfter(t, id, nextAfter(d, block, null)), turn), t);
}

/**
 * Where a respondent goes on whose block was deleted: after a follow-up to the block it led to, else to
 * the block now in the deleted one's place (deleting moves the later blocks up one); null ends the dialog.
 */
function afterDeleted(d: PreparedDialog, at: Waiting): string | null {
  if (at.phase === 'nachfrage') return at.next;
  const order = at.phase === 'question' ? at.order : undefined;
  if (order === undefined) return null;
  return d.blocks.find((b) => b.order >= order)?.unique_question_id ?? null;
}

function answer(
  d: PreparedDialog,
  state: ChatState,
  ev: Extract<ChatEvent, { kind: 'answer' }>,
  env: EngineEnv,
) {
  if (!isCurrent(state, ev)) return result(d, 'stale', state, null);
  const at = state.at!;
  const t = new Turn(d, ev.now, state.vars, env);
  const turn = state.turn + 1;
  const block = d.byId.get(at.id);
  const text = answerText(ev.answer).trim();

  if (!block) {
    // The block was deleted while the respondent was at it: keep what they wrote and go on.
    t.user(text, 'open_text', at.id, null, false);
    return result(d, 'ok', settle(t, runFrom(t, afterDeleted(d, at)), turn), t);
  }
  const id = block.unique_question_id;

  if (at.phase === 'nachfrage') {
    if (text === '') {
      t.user(text, 'nachfrage', id, id, false);
      t.sayPlain(d.texts.emptyAnswer, 'invalid', { blockId: id, current: id, nachfrage: id });
      return result(d, 'invalid', { ...state, turn }, t);
    }
    t.user(text, 'nachfrage', id, id, true);
    t.answers.push(record(block, text, { kind: 'nachfrage' }));
    t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
    return result(d, 'ok', settle(t, continueAfter(t, id, at.next), turn), t);
  }

  if (block.type === 'qa') return answerQa(d, t, state, block, text);
  if (block.type === 'gpt') return answerGpt(d, t, state, at, block, text);

  const inputType: ChatInputType = INPUT_TYPES.has(block.type) ? (block.type as ChatInputType) : 'open_text';
  const got = interpret(block, ev.answer, d, env);
  if (!got.ok) {
    t.user(got.display ?? text, inputType, id, null, false);
    t.sayPlain(got.hint, 'invalid', { blockId: id, current: id });
    return result(d, 'invalid', { ...state, turn }, t);
  }

  const followUp = QUESTION_TYPES.has(block.type) && hasText(block.nachfrage);
  t.user(got.display, inputType, id, null, !followUp);
  t.answers.push(...got.records);
  if (block.variable !== '') t.vars = { ...t.vars, [block.variable]: got.value };
  for (const i of got.chosen) t.say(block.jump_to_reactions[i] ?? '', 'reaction', { blockId: id });
  const optionTarget = got.chosen.map((i) => block.jump_to_ids[i] ?? null).find((j) => j !== null) ?? null;
  const next = nextAfter(d, block, optionTarget);

  if (followUp) {
    t.say(block.nachfrage, 'nachfrage', { blockId: id, current: id, nachfrage: id });
    return result(
      d,
      'ok',
      { status: 'waiting', at: { id, phase: 'nachfrage', next }, turn, vars: t.vars },
      t,
    );
  }
  t.say(block.acknowledgement, 'acknowledgement', { blockId: id });
  return result(d, 'ok', settle(t, continueAfter(t, id, next), turn), t);
}

function trigger(
  d: PreparedDialog,
  state: ChatState,
  ev: Extract<ChatEvent, { kind: 'trigger' }>,
  env: EngineEnv,
) {
  const endsHere = isEndNodeId(ev.target);
  if (!endsHere && !d.byId.has(ev.target)) return result(d, 'ignored', state, null);
  const t = new Turn(d, ev.now, state.vars, env);
  // A dialog that a trigger opens (a moveTo into a dialog not begun yet) greets first, as a start would.
  if (state.status === 'new') t.say(d.welcome, 'welcome', { blockId: null });
  return result(d, 'ok', settle(t, runFrom(t, endsHere ? null : ev.target), state.turn + 1), t);
}

/** Applies one event to a chat. Never throws for any answer; the state it returns is always consistent. */
export function runChat(
  dialog: PreparedDialog,
  state: ChatState,
  event: ChatEvent,
  env: EngineEnv = {},
): EngineResult {
  switch (event.kind) {
    case 'start':
      return state.status === 'new' ? begin(dialog, event.now, env) : result(dialog, 'ignored', state, null);
    case 'restart':
      return begin(dialog, event.now, env);
    case 'answer':
      return answer(dialog, state, event, env);
    case 'trigger':
      return trigger(dialog, state, event, env);
  }
}
