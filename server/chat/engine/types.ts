import type { Block } from '../../../contract/blocks.ts';
import type {
  Address,
  ChatInput,
  ChatMessage,
  Classification,
  RoutingSource,
} from '../../../contract/chat.ts';
import type { Language } from '../../../contract/constants.ts';
import type { MediaKind } from '../../../contract/text-content.ts';
import type { ChatTexts } from './texts.ts';

/**
 * The chat runtime's types (ARCHITECTURE.md "The chat runtime"): a pure function
 * (dialog, state, event) -> (state, messages, answers to store, input, finished), run-chat.ts. No I/O,
 * no clock, no randomness: the caller passes the time in the event and stores what comes out, so the
 * whole behaviour of a dialog is testable without a server.
 *
 * What needs more than contract/ enters from outside, so the engine imports nothing else: the language
 * processing (label matching, the Q&A search) with the prepared dialog (TextTools), and the trained
 * classifier and the language model through the env of a turn (EngineEnv), as lookups of what the caller
 * worked out before the turn.
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
  /**
   * The dialog setting ending_after_end_block: the ending follows an end block's own text as well;
   * absent or false: that text is the dialog's last word instead.
   */
  ending_after_end_block?: boolean;
  /** The dialog setting progress: the chat shows how far the respondent is (progress.ts). */
  progress?: boolean;
  /** The redirect after the dialog's ending (settings end_redirect_url, end_redirect_delay); absent: none. */
  end_redirect?: { url: string; delay: number };
}

export interface QaPairText {
  question: string;
  answer: string;
}

export interface QaHit {
  /** Index into the block's pairs. */
  pair: number;
  /** How well the pair fits the question, 0 to 1 (server/chat/qa-search.ts). */
  score: number;
}

export interface QaIndex {
  /** Pairs sharing at least one word with the question, best first. */
  search(question: string, limit: number): QaHit[];
}

/** From this score of the search on a pair answers the question; below it the bot says it has no answer. */
export const QA_MIN_SCORE = 0.34;

/**
 * The language processing of a turn, given with the dialog (server/chat/text-tools.ts builds it from
 * server/text/): matching typed answers to labels, and the Q&A search.
 */
export interface TextTools {
  /** Routes a free-text answer by the branch labels where no trained classifier routes. */
  matchBranch(labels: readonly string[], answer: string): Classification;
  /** The option a typed answer means (its index), or -1. */
  findOption(options: readonly string[], answer: string): number;
  /** Whether an answer in a qa block says the respondent wants to go on. */
  isContinue(answer: string, continueLabel: string): boolean;
  /** The search index of a qa block's pairs. */
  qaIndex(pairs: readonly QaPairText[], language: Language): QaIndex;
}

/** A dialog with its lookups built once (the service caches it per dialog version). */
export interface PreparedDialog extends ChatDialog {
  byId: ReadonlyMap<string, Block>;
  position: ReadonlyMap<string, number>;
  /** Where the chat begins: the start_page block, else the first in order; null for no blocks. */
  first: string | null;
  texts: ChatTexts;
  tools: TextTools;
  /** The search index of each qa block's pairs. */
  qaIndex: ReadonlyMap<string, QaIndex>;
  /** Whether a turn can need the language model (a gpt block, or a qa block that may use it). */
  usesLlm: boolean;
  /** Per block the most questions that may still lie ahead (progress.ts); empty without the indicator. */
  remaining: ReadonlyMap<string, number>;
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
  /** The best progress figure reached, 0 to 100 (only with the dialog's progress indicator on). */
  progress?: number;
  /** A finished chat that ended at an end block: its id (whose redirect applies); else absent. */
  end?: string;
}

export const initialState = (): ChatState => ({ status: 'new', at: null, turn: 0, vars: {} });

export type AnswerValue = string | number | readonly string[];

export type ChatEvent =
  | { kind: 'start'; now: number }
  /** vars: what the new chat knows before its first block (the link's hidden fields), else nothing. */
  | { kind: 'restart'; now: number; vars?: Readonly<Record<string, string>> }
  | {
      kind: 'answer';
      now: number;
      unique_question_id: string;
      nachfrage_id?: string | null;
      turn?: number;
      answer: AnswerValue;
      /** Skips an optional question; answer is then ignored. */
      skip?: boolean;
    }
  /** Jump to a block (or an end marker), e.g. a dialog manager's moveTo. */
  | { kind: 'trigger'; now: number; target: string };

/** A row for the answers table. */
export interface AnswerRecord {
  unique_question_id: string;
  kind: 'answer' | 'nachfrage' | 'gpt' | 'skip';
  value: string;
  value_num: number | null;
  branch: string | null;
  confidence: number | null;
  /** What routed a free-text answer into its branch; null on every other answer. */
  routing_source: RoutingSource | null;
  /** The language model's short reason when it decided the branch; null otherwise. */
  routing_reason: string | null;
}

export type OpenTextBlock = Extract<Block, { type: 'open_text' }>;
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
  pairs: readonly QaPairText[];
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
  classify?: (block: OpenTextBlock, answer: string) => Classification | undefined;
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
