import type { Block } from '../../../contract/blocks.ts';
import { CHAT_RESPONSE_SUFFIX, type ChatMessage } from '../../../contract/chat.ts';
import {
  isEncodableItem,
  MAX_DELAY_MS,
  parse,
  serialize,
  type TextItem,
  textSegments,
} from '../../../contract/text-content.ts';
import { inputFor } from './input.ts';
import type {
  AnswerRecord,
  ChatState,
  EngineEnv,
  EngineResult,
  GptReply,
  Outcome,
  PreparedDialog,
  Waiting,
} from './types.ts';

export const hasText = (content: string) => content.trim() !== '';

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

export interface SayOptions {
  blockId: string | null;
  current?: string | null;
  nachfrage?: string | null;
}

/** The entries of one turn; delays wait for the next bubble, even one of a later block. */
export class Turn {
  readonly messages: ChatMessage[] = [];
  readonly answers: AnswerRecord[] = [];
  readonly done: string[] = [];
  /** The end block this turn passed, when the chat ends after it (ChatState.end). */
  endBlock: string | null = null;
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
export const replyText = (reply: GptReply | undefined): string | null =>
  reply && hasText(reply.question) ? reply.question.trim() : null;

export const record = (block: Block, value: string, extra: Partial<AnswerRecord> = {}): AnswerRecord => ({
  unique_question_id: block.unique_question_id,
  kind: 'answer',
  value,
  value_num: null,
  branch: null,
  confidence: null,
  routing_source: null,
  routing_reason: null,
  ...extra,
});

export function result(d: PreparedDialog, outcome: Outcome, state: ChatState, t: Turn | null): EngineResult {
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

export function settle(t: Turn, at: Waiting | null, turn: number): ChatState {
  if (at !== null) return { status: 'waiting', at, turn, vars: t.vars };
  return { status: 'finished', at: null, turn, vars: t.vars, ...(t.endBlock ? { end: t.endBlock } : {}) };
}
