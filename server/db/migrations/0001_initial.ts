import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** The whole product's schema (issue 2 designs it for every later area). */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyDb
type Table = CreateTableBuilder<string, any>;

function withId(db: AnyDb, t: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const zero = sql`0`;
const emptyText = sql`''`;
const emptyJson = sql`'{}'`;
const emptyList = sql`'[]'`;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql`'de'`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('participants'))
    .addColumn('username_live', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('participant_id', 'integer', (c) => c.references('participants.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('auth_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('surveys'))
    .addColumn('survey_id', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('survey_name', 'text', (c) => c.notNull())
    .addColumn('welcome', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('ending', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('templ_options', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('structure', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('bearbeiten', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('intrance', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('testen', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('live_switch', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('analyse', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('surveys_owner').on('surveys').column('owner_id').execute();

  await withId(db, db.schema.createTable('magic_links'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('survey_id', 'integer', (c) => c.references('surveys.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('blocks'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull().unique())
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('nachfrage', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('likert_na', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('acknowledgement', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('is_end', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('only_search', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('filename_db', 'text')
    .addColumn('position', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('created_on', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blocks_survey_ord').on('blocks').columns(['survey_id', 'ord']).execute();

  await withId(db, db.schema.createTable('media'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('filename_db', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('misc', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_survey').on('media').column('survey_id').execute();

  await withId(db, db.schema.createTable('members'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invite_accepted', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('members_survey_name', ['survey_id', 'name'])
    .execute();
  await db.schema.createIndex('members_user').on('members').column('user_id').execute();

  await withId(db, db.schema.createTable('dialog_managers'))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('game_title', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('favicon', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('meta_image', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('meta_text', 'text', (c) => c.notNull().defaultTo(emptyText))
    .addColumn('additional_dms', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('manager_surveys')
    .addColumn('dialog_manager_id', 'integer', (c) =>
      c.notNull().references('dialog_managers.id').onDelete('cascade'),
    )
    .addColumn('survey_id', 'integer', (c) => c.primaryKey().references('surveys.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('triggers'))
    .addColumn('dialog_manager_id', 'integer', (c) =>
      c.notNull().references('dialog_managers.id').onDelete('cascade'),
    )
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('init_survey', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('secret_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('triggers_manager').on('triggers').column('dialog_manager_id').execute();

  await withId(db, db.schema.createTable('chat_sessions'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('participant_id', 'integer', (c) => c.references('participants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('manager_session_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('chat_sessions_survey')
    .on('chat_sessions')
    .columns(['survey_id', 'mode', 'started_at'])
    .execute();
  await db.schema
    .createIndex('chat_sessions_participant')
    .on('chat_sessions')
    .column('participant_id')
    .execute();

  await withId(db, db.schema.createTable('chat_messages'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('user_or_bot', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('unique_question_id', 'text')
    .addColumn('nachfrage_id', 'text')
    .addColumn('current_question_id', 'text')
    .addColumn('finished_question_id', 'text')
    .addColumn('created_on', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chat_messages_session_seq', ['session_id', 'seq'])
    .execute();

  await withId(db, db.schema.createTable('answers'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('value_num', 'double precision')
    .addColumn('branch', 'text')
    .addColumn('confidence', 'double precision')
    .addColumn('created_on', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answers_survey_question')
    .on('answers')
    .columns(['survey_id', 'unique_question_id', 'value'])
    .execute();
  await db.schema.createIndex('answers_session').on('answers').column('session_id').execute();

  await withId(db, db.schema.createTable('training_examples'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(sql`'author'`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_examples_block')
    .on('training_examples')
    .columns(['survey_id', 'unique_question_id'])
    .execute();

  await withId(db, db.schema.createTable('training_models'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('metrics', 'text', (c) => c.notNull().defaultTo(emptyJson))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('training_models_version', ['survey_id', 'unique_question_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('training_inbox'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'integer', (c) => c.references('answers.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('confidence', 'double precision')
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('resolved_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_inbox_block')
    .on('training_inbox')
    .columns(['survey_id', 'unique_question_id'])
    .execute();

  await withId(db, db.schema.createTable('gpt_exit_conditions'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('unique_question_id', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gpt_exit_conditions_survey')
    .on('gpt_exit_conditions')
    .column('survey_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const tables = [
    'gpt_exit_conditions',
    'training_inbox',
    'training_models',
    'training_examples',
    'answers',
    'chat_messages',
    'chat_sessions',
    'triggers',
    'manager_surveys',
    'dialog_managers',
    'members',
    'media',
    'blocks',
    'magic_links',
    'surveys',
    'login_failures',
    'refresh_tokens',
    'participants',
    'users',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
