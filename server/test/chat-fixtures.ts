import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultBlockContent } from '../../contract/block-edits.ts';
import { type Block, type BlockContent, type BlockType, endNodeId } from '../../contract/blocks.ts';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { defaultSettings, type Settings } from '../../contract/dialogs.ts';
import { insertUser } from '../accounts/queries.ts';
import { prepareDialog } from '../chat/engine/prepare.ts';
import type { ChatDialog, PreparedDialog } from '../chat/engine/types.ts';
import { textTools } from '../chat/text-tools.ts';
import type { Database } from '../db/schema.ts';
import { validateContent } from '../dialogs/block-validation.ts';
import { createSurvey } from '../dialogs/dashboard.ts';
import { columnsFromContent, storedSettings } from '../dialogs/rows.ts';
import { bearer, type TestApp } from './app.ts';

/** Dialogs for the chat tests: blocks with fixed ids, so jumps can name them. */

// biome-ignore lint/suspicious/noExplicitAny: a test block overrides fields of whichever type it has
export type BlockSpec = { id: string; type: BlockType } & Record<string, any>;

export function contentOf(spec: BlockSpec): BlockContent {
  const { id: _id, ...fields } = spec;
  const base = defaultBlockContent(spec.type);
  const content = { ...base, ...fields } as BlockContent;
  // Parallel lists follow the options unless the test sets them.
  if (fields.options && !fields.jump_to_ids) content.jump_to_ids = content.options.map(() => null);
  if (fields.options && !fields.jump_to_reactions) content.jump_to_reactions = content.options.map(() => '');
  return content;
}

export function blocksOf(specs: readonly BlockSpec[], surveyId = 'S1'): Block[] {
  return specs.map(
    (spec, i) =>
      ({
        ...contentOf(spec),
        unique_question_id: spec.id,
        survey_id: surveyId,
        order: i + 1,
        created_on: 0,
        version: 1,
      }) as Block,
  );
}

export function testDialog(specs: readonly BlockSpec[], overrides: Partial<ChatDialog> = {}): PreparedDialog {
  return prepareDialog(
    {
      survey_id: 'S1',
      welcome: 'Willkommen!',
      ending: 'Danke und tschüss!',
      language: 'de',
      du_sie: 'sie',
      media: {},
      blocks: blocksOf(specs, overrides.survey_id ?? 'S1'),
      ...overrides,
    },
    textTools,
  );
}

/** Block ids are unique across dialogs: createChatDialog suffixes each spec id with the dialog id. */
export const blockId = (specId: string, surveyId: string) => `${specId}_${surveyId}`;

/** Jump targets of a spec name spec ids or 'END' (the dialog's end marker). */
function withDialogIds(content: BlockContent, surveyId: string): BlockContent {
  const map = (target: string | null) =>
    target === null ? null : target === 'END' ? endNodeId(surveyId) : blockId(target, surveyId);
  return {
    ...content,
    jump_to_ids: content.jump_to_ids.map(map),
    jump_to_question: map(content.jump_to_question),
  };
}

/** What createChatDialog needs: a TestApp, or a database of a server the test starts itself. */
export interface ChatHost {
  database: { db: Kysely<Database> };
  clock: { now: number };
}

let owners = 0;

/** An author account that owns test dialogs; it never signs in, so it needs no real password hash. */
export function insertOwner(db: Kysely<Database>, now: number, name: string) {
  return insertUser(db, {
    username: `${name}_${randomBytes(4).toString('hex')}`,
    email: null,
    emailVerified: false,
    firstName: 'Olga',
    lastName: 'Owner',
    passwordHash: 'not-a-hash',
    isAdmin: false,
    now,
  });
}

/** A dialog in the database with the given blocks (jumps by spec id), active unless said otherwise. */
export async function createChatDialog(
  t: ChatHost,
  specs: readonly BlockSpec[],
  options: { ownerId?: number; active?: boolean; settings?: Partial<Settings> } = {},
) {
  const db = t.database.db;
  owners += 1;
  const ownerId = options.ownerId ?? (await insertOwner(db, t.clock.now, `owner${owners}`));
  const { survey_id } = await createSurvey({ db, now: () => t.clock.now }, ownerId, 'Chat-Test');
  const survey = await db
    .selectFrom('surveys')
    .select('id')
    .where('survey_id', '=', survey_id)
    .executeTakeFirstOrThrow();
  const settings = {
    ...defaultSettings('Chat-Test'),
    welcome: 'Willkommen!',
    ending: 'Ende.',
    ...options.settings,
  };
  await db
    .updateTable('surveys')
    .set({
      active: options.active === false ? 0 : 1,
      welcome: settings.welcome,
      ending: settings.ending,
      settings: storedSettings(settings),
    })
    .where('id', '=', survey.id)
    .execute();
  if (specs.length > 0) {
    await db
      .insertInto('blocks')
      .values(
        specs.map((spec, i) => ({
          // Validated as the block calls would, so test dialogs are dialogs an author could build.
          ...columnsFromContent(validateContent(withDialogIds(contentOf(spec), survey_id), spec.id)),
          unique_question_id: blockId(spec.id, survey_id),
          survey_id: survey.id,
          ord: i + 1,
          created_on: t.clock.now,
          updated_at: t.clock.now,
        })),
      )
      .execute();
  }
  return { surveyId: survey_id, id: survey.id, ownerId };
}

export async function registerLive(t: TestApp, surveyId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_live',
    payload: { survey_id: surveyId },
  });
  if (res.statusCode !== 200) throw new Error(`register_live: ${res.statusCode} ${res.body}`);
  return res.json() as { token_live: string; refresh_token_live: string; user_id: number };
}

export function chatCall(t: TestApp, token: string | null, path: string, payload: object) {
  return t.app.inject({ method: 'POST', url: path, payload, headers: token ? bearer(token) : {} });
}

export async function chatOk(
  t: TestApp,
  token: string,
  path: string,
  payload: object,
): Promise<ChatTurnResponse> {
  const res = await chatCall(t, token, path, payload);
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}
