import type { LightMyRequestResponse } from 'fastify';
import type { Block, BlockType } from '../../contract/blocks.ts';
import type { Dialog } from '../../contract/dialogs.ts';
import type { AssignableRole } from '../../contract/roles.ts';
import { bearer, createAuthor, loginAs, type TestApp } from './app.ts';
import { registerLive } from './chat-fixtures.ts';

/** Helpers of the dialog, block and media API tests: dialogs are built through the calls themselves. */

export interface Session {
  id: number;
  username: string;
  token: string;
}

export async function authorSession(t: TestApp): Promise<Session> {
  const author = await createAuthor(t);
  const { token } = await loginAs(t, author.username, author.password);
  return { id: author.id, username: author.username, token };
}

/** A live participant's token for a dialog. */
export async function liveToken(t: TestApp, surveyId: string): Promise<string> {
  return (await registerLive(t, surveyId)).token_live;
}

export function call(t: TestApp, token: string | undefined, url: string, payload: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
}

function ok(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function newDialog(t: TestApp, token: string, name = 'Testdialog'): Promise<string> {
  return ok(await call(t, token, '/api/create_survey', { survey_name: name })).survey_id;
}

export function blocksCall(t: TestApp, token: string, surveyId: string, body: Record<string, unknown>) {
  return call(t, token, '/api/update_survey_blocks', { survey_id: surveyId, ...body });
}

export async function addBlock(
  t: TestApp,
  token: string,
  surveyId: string,
  type: BlockType,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return ok(await blocksCall(t, token, surveyId, { action: 'create', type, ...extra })).unique_question_id;
}

export function setField(
  t: TestApp,
  token: string,
  surveyId: string,
  id: string,
  key: string,
  value: unknown,
) {
  return blocksCall(t, token, surveyId, {
    action: 'update',
    unique_question_id: id,
    changed_values: { [key]: value },
  });
}

export const PRIVACY_TEXT = 'Wir speichern Ihre Antworten für die Auswertung.';

/**
 * Switches a dialog live as an author who has read the pre-flight check: with a privacy declaration
 * (its absence blocks going live) and the warnings confirmed.
 */
export async function goLive(t: TestApp, token: string, surveyId: string): Promise<void> {
  ok(
    await call(t, token, '/api/update_survey_settings', {
      survey_id: surveyId,
      action: 'config',
      changed_values: { privacy_declaration_text: PRIVACY_TEXT },
    }),
  );
  ok(
    await call(t, token, '/api/switch_activate_link', {
      item: { survey_id: surveyId, active: true },
      confirm: true,
    }),
  );
}

export async function dialogData(t: TestApp, token: string, surveyId: string): Promise<Dialog> {
  return ok(await call(t, token, '/api/dialog', { survey_id: surveyId }));
}

export async function blockOf(t: TestApp, token: string, surveyId: string, id: string): Promise<Block> {
  const block = (await dialogData(t, token, surveyId)).all_questions.find((b) => b.unique_question_id === id);
  if (!block) throw new Error(`block ${id} not found`);
  return block;
}

export async function internalId(t: TestApp, surveyId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('surveys')
    .select('id')
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A dialog manager of the author with these dialogs, in this order; its id. */
export async function createManager(t: TestApp, token: string, name: string, surveyIds: readonly string[]) {
  const res = await call(t, token, '/api/create_dialogmanager', {
    name,
    connected_surveys: surveyIds.map((survey_id, i) => ({ survey_id, order: i + 1 })),
  });
  if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode} ${res.body}`);
  return (res.json() as { dialog_manager_id: number }).dialog_manager_id;
}

export async function addMember(
  t: TestApp,
  surveyId: string,
  userId: number,
  role: AssignableRole,
  accepted = true,
) {
  await t.database.db
    .insertInto('members')
    .values({
      survey_id: await internalId(t, surveyId),
      name: `member${userId}@example.org`,
      user_id: userId,
      role,
      invite_accepted: accepted ? 1 : 0,
      created_at: t.clock.now,
    })
    .execute();
}

/** Everything a write may touch, to prove that a refused write changed nothing. */
export async function snapshot(t: TestApp, surveyId: string) {
  const id = await internalId(t, surveyId);
  const db = t.database.db;
  return {
    survey: await db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst(),
    blocks: await db.selectFrom('blocks').selectAll().where('survey_id', '=', id).orderBy('id').execute(),
    media: await db.selectFrom('media').selectAll().where('survey_id', '=', id).orderBy('id').execute(),
  };
}
