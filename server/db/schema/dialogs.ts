import type { ColumnType } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Dialogs: their blocks, versions, media, members, link parameters and quotas. */

export interface SurveysTable {
  id: Id;
  survey_id: string;
  owner_id: number;
  survey_name: string;
  welcome: string;
  ending: string;
  settings: string;
  templ_options: string;
  structure: string;
  bearbeiten: ColumnType<number, number | undefined, number>;
  intrance: ColumnType<number, number | undefined, number>;
  testen: ColumnType<number, number | undefined, number>;
  live_switch: ColumnType<number, number | undefined, number>;
  analyse: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  /** 'Antworten löschen nach N Tagen' (server/retention/); null: kept. */
  retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'direct' or 'publish' (contract/versions.ts, migration 0022). */
  version_mode: ColumnType<string, string | undefined, string>;
  /** In 'publish': the dialog_versions row new chats get; null before the first publish. */
  live_version_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Ms;
  updated_at: Ms;
}

/** An immutable snapshot of a dialog as chats play it (server/versions/, migration 0022). */
export interface DialogVersionsTable {
  id: Id;
  survey_id: number;
  /** 1, 2, … per dialog. */
  number: number;
  /** sha256 of the content that matters to a chat (server/versions/content.ts). */
  hash: string;
  /** JSON: server/versions/content.ts VersionContent. */
  content: string;
  created_at: Ms;
  created_by: number | null;
  note: string | null;
  published_at: Ms | null;
  published_by: number | null;
}

export interface BlocksTable {
  id: Id;
  unique_question_id: string;
  survey_id: number;
  ord: number;
  type: string;
  context: string;
  nachfrage: string;
  likert_na: ColumnType<number, number | undefined, number>;
  acknowledgement: string;
  is_end: ColumnType<number, number | undefined, number>;
  only_search: ColumnType<number, number | undefined, number>;
  filename_db: string | null;
  position: string;
  data: string;
  version: ColumnType<number, number | undefined, number>;
  created_on: Ms;
  updated_at: Ms;
}

export interface MediaTable {
  id: Id;
  survey_id: number;
  filename_db: string;
  type: 'logo' | 'avatar' | 'image' | 'audio' | 'video';
  location: string;
  mime: string;
  size: number;
  original_name: string;
  misc: string;
  created_at: Ms;
}

export interface MembersTable {
  id: Id;
  survey_id: number;
  name: string;
  user_id: number | null;
  role: string;
  invite_accepted: ColumnType<number, number | undefined, number>;
  invited_by: number | null;
  created_at: Ms;
}

/** A link parameter a dialog takes (migration 0016). */
export interface HiddenFieldsTable {
  survey_id: number;
  name: string;
  required: number;
  ord: number;
}

/** A dialog's quota (migration 0020); conditions: JSON array of contract/quotas.ts QuotaCondition. */
export interface QuotasTable {
  id: Id;
  survey_id: number;
  name: string;
  conditions: string;
  limit_count: number;
  end_block: string | null;
  created_at: Ms;
}

/** A finished live session counted in a quota; the quota's count is the number of its rows. */
export interface QuotaMembersTable {
  quota_id: number;
  session_id: number;
  counted_at: Ms;
}
