import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_username_key.ts';
import * as m0003 from './migrations/0003_participant_surveys.ts';
import * as m0004 from './migrations/0004_password_expired.ts';
import * as m0005 from './migrations/0005_training_thresholds.ts';
import * as m0006 from './migrations/0006_analytics_indexes.ts';
import * as m0007 from './migrations/0007_token_generation.ts';
import * as m0008 from './migrations/0008_manager_indexes.ts';
import * as m0009 from './migrations/0009_manager_sessions.ts';
import * as m0010 from './migrations/0010_session_last_block.ts';
import * as m0011 from './migrations/0011_row_mode.ts';
import * as m0012 from './migrations/0012_login_addresses.ts';
import * as m0013 from './migrations/0013_likert_rescore.ts';
import * as m0014 from './migrations/0014_api_keys.ts';
import * as m0015 from './migrations/0015_webhooks.ts';
import * as m0016 from './migrations/0016_hidden_fields.ts';
import * as m0017 from './migrations/0017_answer_routing_source.ts';
import * as m0018 from './migrations/0018_audit_log.ts';
import * as m0019 from './migrations/0019_retention.ts';
import * as m0020 from './migrations/0020_quotas.ts';
import * as m0021 from './migrations/0021_training_progress.ts';
import * as m0022 from './migrations/0022_versions.ts';
import * as m0023 from './migrations/0023_wait_ms_on_insert.ts';
import * as m0024 from './migrations/0024_session_filter_version.ts';
import * as m0025 from './migrations/0025_answer_routing_reason.ts';
import type { Database } from './schema.ts';

/** Migrations are imported statically so the built server needs no file-system lookup. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_username_key': m0002,
  '0003_participant_surveys': m0003,
  '0004_password_expired': m0004,
  '0005_training_thresholds': m0005,
  '0006_analytics_indexes': m0006,
  '0007_token_generation': m0007,
  '0008_manager_indexes': m0008,
  '0009_manager_sessions': m0009,
  '0010_session_last_block': m0010,
  '0011_row_mode': m0011,
  '0012_login_addresses': m0012,
  '0013_likert_rescore': m0013,
  '0014_api_keys': m0014,
  '0015_webhooks': m0015,
  '0016_hidden_fields': m0016,
  '0017_answer_routing_source': m0017,
  '0018_audit_log': m0018,
  '0019_retention': m0019,
  '0020_quotas': m0020,
  '0021_training_progress': m0021,
  '0022_versions': m0022,
  '0023_wait_ms_on_insert': m0023,
  '0024_session_filter_version': m0024,
  '0025_answer_routing_reason': m0025,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
