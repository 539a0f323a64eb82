import type { Kysely } from 'kysely';

/**
 * Dialog managers (issue 7) are read by manager, not by dialog: a manager's dialogs (manager_surveys's
 * key is the dialog), an owner's managers, and the triggers of a dialog when it leaves a manager or is
 * deleted (the cascade of triggers.survey_id would otherwise scan the table on PostgreSQL).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('manager_surveys_manager')
    .on('manager_surveys')
    .columns(['dialog_manager_id', 'ord'])
    .execute();
  await db.schema.createIndex('dialog_managers_owner').on('dialog_managers').column('owner_id').execute();
  await db.schema.createIndex('triggers_survey').on('triggers').column('survey_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('triggers_survey').execute();
  await db.schema.dropIndex('dialog_managers_owner').execute();
  await db.schema.dropIndex('manager_surveys_manager').execute();
}
