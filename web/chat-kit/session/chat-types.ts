import type { ChatAnswerRequest, ChatInput, ChatMessage, ChatTurnResponse } from '../../../contract/chat.ts';

export type AnswerValue = ChatAnswerRequest['answer'];

/**
 * What a source answers: a single chat's turn, or a multi-dialog chat's (contract/multichat.ts), whose
 * messages carry ids and which says whether the game waits and the id of its last message.
 */
export interface ChatTurn extends ChatTurnResponse {
  /** survey_id: the dialog that speaks (multi-dialog chats). */
  messages: (ChatMessage & { id?: number; survey_id?: string })[];
  waiting?: boolean;
  after_id?: number;
}

export interface ChatSource<T extends ChatTurn = ChatTurn> {
  /** Resumes the chat (resumed: shown at once) or begins it (paced like any new turn). */
  open(): Promise<{ res: T; resumed: boolean }>;
  /** The server's history, to catch up after a 409 (a second tab or a double click answered). */
  history(): Promise<T>;
  /** input: the question answered (a multi-dialog chat sends its dialog along). */
  answer(body: Omit<ChatAnswerRequest, 'survey_id'>, input: NonNullable<T['input']>): Promise<T>;
  /** The long poll (multi-dialog chats): what comes after a message id, as soon as there is some. */
  follow?(afterId: number, signal: AbortSignal): Promise<T>;
  /** Shown at once while open() runs: a returning respondent's local history (partial resume). */
  preview?: ChatTurn['messages'];
  /** Keeps the local copy of the history (live chat, SPEC §3). */
  persist?(messages: readonly T['messages'][number][]): void;
}

export type ChatPhase = 'loading' | 'ready' | 'inactive' | 'failed';

export interface ChatState {
  phase: ChatPhase;
  /** The session's whole history; an entry's index is its seq on the server (single chat). */
  messages: ChatTurn['messages'];
  /** How many entries are visible. */
  revealed: number;
  /** Entries below this index appear without pacing (a resumed history). */
  instantUntil: number;
  input: ChatInput | null;
  finished: boolean;
  /** A multi-dialog chat waits for an external system (waitAPI): no input until it goes on. */
  waiting: boolean;
  /** The id of the last message (multi-dialog chats; 0 otherwise): the long poll asks after it. */
  afterId: number;
  /** The answer on its way, shown as the respondent's bubble until the server confirms it. */
  sending: string | null;
  /** A failure to show under the chat (plain text). */
  notice: string | null;
  /** Something to know that is no failure (the question was answered in another tab). */
  info: string | null;
  /** Where a finished chat sends the respondent after its last message (issue 22), else null. */
  redirect: NonNullable<ChatTurnResponse['redirect']> | null;
  /**
   * An answer the server did not take (refused, or no answer), handed back to the input so the typed
   * text is not lost; a new object per failure. carried: its question was answered elsewhere meanwhile,
   * the text goes into the field of the question now asked.
   */
  unsent: { answer: AnswerValue; carried?: boolean } | null;
}

export interface ChatTexts {
  loadFailed: string;
  dialogEnded: string;
  answerTooLong: string;
  answerRejected: string;
  answerFailed: string;
  answerStale: string;
  genericError: string;
}

export interface ChatSession {
  state: ChatState;
  /** The typing indicator shows (a bot bubble is on its way). */
  typing: boolean;
  /**
   * The input is on screen: its question and everything before it are shown (while the bot still
   * types, the next question's options stay hidden), or the answer to it is on its way.
   */
  showsInput: boolean;
  /** The input may be used: everything is shown and nothing is on its way. */
  canAnswer: boolean;
  /** skip: skips an optional question (ChatInput.skip). */
  send(answer: AnswerValue, display: string, skip?: boolean): void;
  retry(): void;
}
