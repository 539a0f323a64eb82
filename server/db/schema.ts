import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of the whole product. Timestamps are epoch milliseconds; flags are 0/1 integers so that
 * SQLite and PostgreSQL store the same values; JSON documents are text columns (parsed in services).
 */
type Id = Generated<number>;
type Ms = number;

export interface UsersTable {
  id: Id;
  username: string;
  /** normalizeUsername(username), unique: usernames differ by more than case (migration 0002). */
  username_key: string;
  email: string | null;
  email_verified: ColumnType<number, number | undefined, number>;
  first_name: string;
  last_name: string;
  password_hash: string;
  password_changed_at: Ms;
  /** Set by an administrator: the next login answers 418 until the password is reset (migration 0004). */
  password_expired: ColumnType<number, number | undefined, number>;
  /** Counted up when all sessions end; access tokens of an older generation are refused (migration 0007). */
  token_generation: ColumnType<number, number | undefined, number>;
  is_admin: ColumnType<number, number | undefined, number>;
  disabled: ColumnType<number, number | undefined, number>;
  language: ColumnType<string, string | undefined, string>;
  created_at: Ms;
  updated_at: Ms;
}

export interface ParticipantsTable {
  id: Id;
  username_live: string;
  created_at: Ms;
}

/** The dialogs a live participant was registered for (migration 0003). */
export interface ParticipantSurveysTable {
  participant_id: number;
  survey_id: number;
  created_at: Ms;
}

export interface RefreshTokensTable {
  id: Id;
  token_hash: string;
  family_id: string;
  kind: 'author' | 'live';
  user_id: number | null;
  participant_id: number | null;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
  revoked_at: Ms | null;
  auth_time: Ms;
}

export interface LoginFailuresTable {
  key: string;
  window_start: Ms;
  count: number;
}

/** An address an account signed in from, and when it last did (migration 0012). */
export interface LoginAddressesTable {
  user_id: number;
  address: string;
  signed_in_at: Ms;
}

/** server/audit/: appended to, never changed through a call. */
export interface AuditLogTable {
  id: Id;
  at: Ms;
  actor_id: number | null;
  actor_name: string;
  address: string;
  action: string;
  /** The dialog's internal id and public id, and its owner when the entry was written. */
  survey_id: number | null;
  survey_public_id: string | null;
  survey_owner_id: number | null;
  /** JSON: what the action was about (never a password or token). */
  details: string;
}

export interface MagicLinksTable {
  id: Id;
  token_hash: string;
  purpose: 'registration' | 'invitation' | 'email_validation' | 'password_reset';
  email: string;
  user_id: number | null;
  survey_id: number | null;
  role: string | null;
  created_by: number | null;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
}

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

/** One process of several runs a job while it holds the job's lease (server/retention/lease-queries.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  until: Ms;
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

export interface TrainingExamplesTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  branch: string;
  text: string;
  source: string;
  created_at: Ms;
}

export interface TrainingModelsTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  version: number;
  status: 'training' | 'done' | 'failed';
  model: string;
  metrics: string;
  created_at: Ms;
  /** 0..1 while training, written by the process that runs it (0020). */
  progress: Generated<number>;
  /** When that process last said it is alive; null in rows from before 0020. */
  heartbeat_at: Ms | null;
}

export interface TrainingInboxTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  answer_id: number | null;
  text: string;
  branch: string | null;
  confidence: number | null;
  flagged: ColumnType<number, number | undefined, number>;
  resolved_at: Ms | null;
  created_at: Ms;
}

/** The confidence threshold of a free-text block's routing, when the author set one. */
export interface TrainingThresholdsTable {
  survey_id: number;
  unique_question_id: string;
  threshold: number;
  updated_at: Ms;
}

export interface GptExitConditionsTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  condition: string;
  created_at: Ms;
  updated_at: Ms;
}

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

/** A personal API key (migration 0014); scopes is a JSON list of contract/api-keys.ts API_KEY_SCOPES. */
export interface ApiKeysTable {
  id: Id;
  user_id: number;
  name: string;
  hint: string;
  secret_hash: string;
  scopes: string;
  created_at: Ms;
  expires_at: Ms;
  last_used_at: Ms | null;
  revoked_at: Ms | null;
}

/** Calls of one API key in one minute, for its rate limit (migration 0014). */
export interface ApiKeyWindowsTable {
  key_id: number;
  window_start: Ms;
  count: number;
}

/** A dialog's webhook (migration 0015); events is a JSON list of contract/webhooks.ts WEBHOOK_EVENTS. */
export interface WebhookEndpointsTable {
  id: Id;
  survey_id: number;
  url: string;
  events: string;
  /** The Standard Webhooks signing secret (whsec_…): kept, since signing needs it. */
  secret: string;
  enabled: ColumnType<number, number | undefined, number>;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  disabled_reason: string | null;
  created_at: Ms;
  updated_at: Ms;
}

/** One event for one webhook: the outbox row and its delivery log entry (migration 0015). */
export interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: number;
  event_id: string;
  event: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Ms;
  lease_until: Ms | null;
  lease_owner: string | null;
  created_at: Ms;
  last_attempt_at: Ms | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
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

export interface Database {
  users: UsersTable;
  participants: ParticipantsTable;
  participant_surveys: ParticipantSurveysTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  login_addresses: LoginAddressesTable;
  audit_log: AuditLogTable;
  job_leases: JobLeasesTable;
  magic_links: MagicLinksTable;
  surveys: SurveysTable;
  blocks: BlocksTable;
  media: MediaTable;
  members: MembersTable;
  chat_sessions: ChatSessionsTable;
  dialog_versions: DialogVersionsTable;
  chat_messages: ChatMessagesTable;
  answers: AnswersTable;
  training_examples: TrainingExamplesTable;
  training_models: TrainingModelsTable;
  training_inbox: TrainingInboxTable;
  training_thresholds: TrainingThresholdsTable;
  gpt_exit_conditions: GptExitConditionsTable;
  dialog_managers: DialogManagersTable;
  manager_surveys: ManagerSurveysTable;
  triggers: TriggersTable;
  manager_sessions: ManagerSessionsTable;
  api_keys: ApiKeysTable;
  api_key_windows: ApiKeyWindowsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  hidden_fields: HiddenFieldsTable;
  quotas: QuotasTable;
  quota_members: QuotaMembersTable;
}
