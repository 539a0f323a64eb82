import { type APIRequestContext, expect, type FrameLocator, type Page } from '@playwright/test';
import { CHAT_MESSAGE_FIELDS, type ChatTurnResponse } from '../contract/chat.ts';
import { de } from '../web/i18n/de.ts';
import { apiLogin, createUser, type E2eUser, seedAuthorSession } from './support.ts';

/** Dialogs for the chat browser tests, built through the real API with an author's token. */

export type BlockSpec = { type: string } & Record<string, unknown>;

export interface E2eDialog {
  surveyId: string;
  /** The block ids in the order of the specs. */
  blockIds: string[];
  author: E2eUser;
  token: string;
  refreshToken: string;
}

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  return res.json();
}

/**
 * A dialog with the given blocks (each field set by its own update call, as the configurator does),
 * settings and welcome/ending, switched live unless said otherwise. Speed 2 keeps the typing pauses short.
 */
export async function createDialog(
  request: APIRequestContext,
  blocks: BlockSpec[],
  options: { settings?: Record<string, unknown>; welcome?: string; ending?: string; active?: boolean } = {},
): Promise<E2eDialog> {
  const author = createUser();
  const { token, refresh_token } = await apiLogin(request, author);
  const { survey_id: surveyId } = await post(request, token, '/api/create_survey', {
    survey_name: 'Chat-E2E',
  });
  const blockIds: string[] = [];
  for (const { type, ...fields } of blocks) {
    const created = await post(request, token, '/api/update_survey_blocks', {
      survey_id: surveyId,
      action: 'create',
      type,
    });
    blockIds.push(created.unique_question_id);
    for (const [key, value] of Object.entries(fields)) {
      await post(request, token, '/api/update_survey_blocks', {
        survey_id: surveyId,
        action: 'update',
        unique_question_id: created.unique_question_id,
        changed_values: { [key]: value },
      });
    }
  }
  await post(request, token, '/api/update_survey_settings', {
    survey_id: surveyId,
    action: 'config',
    // A privacy declaration: without one the pre-flight check refuses going live.
    changed_values: {
      speed: 2,
      privacy_declaration_text: 'Wir speichern Ihre Antworten für die Auswertung.',
      ...options.settings,
    },
  });
  await post(request, token, '/api/update_survey_settings', {
    survey_id: surveyId,
    action: 'fixmessages',
    changed_values: {
      welcome: options.welcome ?? 'Willkommen im Test!',
      ending: options.ending ?? 'Vielen Dank fürs Mitmachen!',
    },
  });
  if (options.active !== false) {
    // The tests' dialogs may carry the check's warnings (e.g. a block only a jump leaves out): confirmed.
    await post(request, token, '/api/switch_activate_link', {
      item: { survey_id: surveyId, active: true },
      confirm: true,
    });
  }
  return { surveyId, blockIds, author, token, refreshToken: refresh_token };
}

/** One live respondent through the chat API, giving these answers in order; true if the chat finished. */
export async function respond(
  request: APIRequestContext,
  surveyId: string,
  answers: string[],
): Promise<boolean> {
  const registered = await request.post('/api/register_live', { data: { survey_id: surveyId } });
  expect(registered.status()).toBe(200);
  const { token_live: token } = (await registered.json()) as { token_live: string };
  let turn = (await post(request, token, '/api/chat/start', { survey_id: surveyId })) as ChatTurnResponse;
  for (const answer of answers) {
    const input = turn.input;
    if (!input) throw new Error(`no question left for the answer ${answer}`);
    turn = (await post(request, token, '/api/chat/answer', {
      survey_id: surveyId,
      unique_question_id: input.unique_question_id,
      turn: input.turn,
      answer,
    })) as ChatTurnResponse;
  }
  return turn.finished;
}

/** The consent before the first question: both boxes, then start (the dialog, or the game). */
export async function giveConsent(page: Page | FrameLocator): Promise<void> {
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('checkbox', { name: /Antworten gespeichert/ }).check();
  await page.getByRole('button', { name: /^(Dialog|Spiel) starten$/ }).click();
}

/** The chat's answer field and send button (respondent texts, German). */
export async function sendText(page: Page | FrameLocator, text: string): Promise<void> {
  await page.getByLabel('Ihre Antwort', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Senden' }).click();
}

/** The chat history (role log) of the page. */
export const chatLog = (page: Page | FrameLocator) => page.getByRole('log');

export const SPEC_HISTORY_FIELDS = [...CHAT_MESSAGE_FIELDS].sort();

/** The local chat history of a dialog as stored in the page's localStorage. */
export function storedHistory(page: Page, surveyId: string): Promise<Record<string, unknown>[] | null> {
  return page.evaluate((id) => {
    const raw = localStorage.getItem(`chat_history_${id}`);
    return raw ? (JSON.parse(raw) as Record<string, unknown>[]) : null;
  }, surveyId);
}

/** Signs the dialog's author in on a laptop viewport and opens the dialog's settings panel. */
export async function openSettingsAsAuthor(page: Page, dialog: E2eDialog) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: dialog.token,
    refresh_token: dialog.refreshToken,
  });
  await page.goto(`/configurator/${dialog.surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
  return page.getByTestId('settings-panel');
}
