import type {
  AuditLogTable,
  LoginAddressesTable,
  LoginFailuresTable,
  MagicLinksTable,
  ParticipantSurveysTable,
  ParticipantsTable,
  RefreshTokensTable,
  UsersTable,
} from './schema/accounts.ts';
import type { AnswersTable, ChatMessagesTable, ChatSessionsTable } from './schema/chats.ts';
import type {
  BlocksTable,
  DialogVersionsTable,
  HiddenFieldsTable,
  MediaTable,
  MembersTable,
  QuotaMembersTable,
  QuotasTable,
  SurveysTable,
} from './schema/dialogs.ts';
import type {
  ApiKeysTable,
  ApiKeyWindowsTable,
  JobLeasesTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from './schema/integrations.ts';
import type {
  DialogManagersTable,
  ManagerSessionsTable,
  ManagerSurveysTable,
  TriggersTable,
} from './schema/managers.ts';
import type {
  GptExitConditionsTable,
  TrainingExamplesTable,
  TrainingInboxTable,
  TrainingModelsTable,
  TrainingThresholdsTable,
} from './schema/training.ts';

/**
 * Table types of the whole product, one module per area in server/db/schema/. Timestamps are epoch
 * milliseconds; flags are 0/1 integers so that SQLite and PostgreSQL store the same values; JSON documents
 * are text columns (parsed in services).
 */
export type * from './schema/accounts.ts';
export type * from './schema/chats.ts';
export type * from './schema/dialogs.ts';
export type * from './schema/integrations.ts';
export type * from './schema/managers.ts';
export type * from './schema/training.ts';

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
