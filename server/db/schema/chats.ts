import type { ColumnType, Generated } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Chats: sessions, their messages and the answers given. */

/** A chat is a respondent's (live) or an author's preview or assessment (test). */
export type ChatMode = 'live' | 'test';

export interface ChatSessionsTable {
  id: Id;
  survey_id: number;
  participant_id: number | null;
  user_id: number | null;
  mode: ChatMode;
  manager_session_id: number | null;
  state: string;
  started_at: Ms;
  updated_at: Ms;
  finished_at: Ms | null;
  /** The block of the session's last message, kept by writeTurn (migration 0010); for Analyse. */
  last_block: Generated<string | null>;
  /** JSON: the hidden fields' values from the link the session started with (migration 0016). */
  hidden_fields: ColumnType<string | null, string | null | undefined, string | null>;
  /** The dialog_versions row the session plays (migration 0022); null only before first-versions ran. */
  version_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChatMessagesTable {
  id: Id;
  session_id: number;
  seq: number;
  user_or_bot: 'user' | 'bot';
  type: string;
  context: string;
  unique_question_id: string | null;
  nachfrage_id: string | null;
  current_question_id: string | null;
  finished_question_id: string | null;
  created_on: Ms;
  /** The session's mode, for the Analyse module's indexes (migration 0011). */
  mode: ChatMode;
}

export interface AnswersTable {
  id: Id;
  session_id: number;
  survey_id: number;
  unique_question_id: string;
  /** skip: an optional question skipped ('Übersprungen', value ''): neither an answer nor a drop-off. */
  kind: 'answer' | 'nachfrage' | 'gpt' | 'skip';
  value: string;
  value_num: number | null;
  branch: string | null;
  confidence: number | null;
  /** What routed a free-text answer (migration 0014): RoutingSource; null on other answers. */
  routing_source: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language model's short reason when it decided the branch (routing_source 'llm'). */
  routing_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_on: Ms;
  /** The session's mode, for the Analyse module's indexes (migration 0011). */
  mode: ChatMode;
  /**
   * Set by a trigger (migration 0006) on the first answer row of a session and block that is not a
   * follow-up: ms from the block's first bot message (or the session's start, if the block said
   * nothing) to this answer. Null on every other row, so count(wait_ms) counts respondents.
   */
  wait_ms: ColumnType<number | null, never, never>;
}
