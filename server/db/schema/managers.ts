import type { ColumnType } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Dialog managers (games): their dialogs, triggers and multi-dialog chats. */

/** Text columns default to '' (additional_dms to '[]'), so an insert may leave them out. */
type DefaultedText = ColumnType<string, string | undefined, string>;

export interface DialogManagersTable {
  id: Id;
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  name: string;
  game_title: DefaultedText;
  description: DefaultedText;
  favicon: DefaultedText;
  meta_image: DefaultedText;
  meta_text: DefaultedText;
  /** JSON list of manager ids (SPEC §4). */
  additional_dms: DefaultedText;
  created_at: Ms;
  updated_at: Ms;
}

export interface ManagerSurveysTable {
  dialog_manager_id: number;
  survey_id: number;
  ord: number;
}

export interface TriggersTable {
  id: Id;
  dialog_manager_id: number;
  survey_id: number;
  unique_question_id: string;
  trigger: string;
  init_survey: ColumnType<number, number | undefined, number>;
  secret_hash: string | null;
  created_at: Ms;
}

/** A multi-dialog chat: one caller's play of a dialog manager's game (issue 7). */
export interface ManagerSessionsTable {
  id: Id;
  dialog_manager_id: number;
  participant_id: number | null;
  user_id: number | null;
  mode: 'live' | 'test';
  /** JSON: the game's state (server/multichat/rules.ts GameState). */
  state: string;
  started_at: Ms;
  updated_at: Ms;
  finished_at: Ms | null;
}
