import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { chatLog, createDialog, type E2eDialog, sendText } from './chat-support.ts';
import { dataDir, seedAuthorSession } from './support.ts';

/** The assessment chat /assess/{id}: the author's test chat with 'Neu starten' and training feedback. */

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  // Not live: authors test dialogs before they switch them live.
  dialog = await createDialog(
    request,
    [
      { type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
      { type: 'open_text', context: 'Was ist Ihnen wichtig, {{name}}?', options: ['Preis', 'Qualität'] },
      { type: 'single_choice', context: 'Noch eine Runde?', options: ['Ja', 'Nein'] },
    ],
    { active: false },
  );
});

test.beforeEach(async ({ page }) => {
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: dialog.token,
    refresh_token: dialog.refreshToken,
  });
});

test('an author runs the assessment chat and restarts it from the top bar', async ({ page }) => {
  await page.goto(`/assess/${dialog.surveyId}`);
  // No consent for authors; the dialog is loaded for the module tab bar.
  await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Testen', selected: true })).toBeVisible();
  await sendText(page, 'Autorin');
  await expect(chatLog(page).getByText('Was ist Ihnen wichtig, Autorin?')).toBeVisible();

  // A reload keeps the test chat.
  await page.reload();
  await expect(chatLog(page).getByText('Was ist Ihnen wichtig, Autorin?')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Neu starten' }).click();
  await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
  await expect(chatLog(page).getByText('Autorin', { exact: true })).toHaveCount(0);
});

/** Sets a dialog's module flag in the e2e server's database (no call switches modules yet). */
function setTrainingModule(on: boolean) {
  const db = new Database(join(dataDir(), 'app.db'));
  try {
    db.prepare('update surveys set intrance = ? where survey_id = ?').run(on ? 1 : 0, dialog.surveyId);
  } finally {
    db.close();
  }
}

test("in training mode a routed free-text answer can be flagged 'Falsch zugeordnet'", async ({ page }) => {
  // training_mode (get_config) is on while the dialog's Trainieren module is.
  await page.goto(`/assess/${dialog.surveyId}`);
  await page.getByRole('banner').getByRole('button', { name: 'Neu starten' }).click();
  await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
  await sendText(page, 'Bea');
  await sendText(page, 'vor allem gute Verarbeitung');
  await expect(chatLog(page).getByText('Noch eine Runde?')).toBeVisible();
  // Only the routed answer offers it, not the name.
  await expect(page.getByRole('button', { name: 'Falsch zugeordnet' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Falsch zugeordnet' }).click();
  await page.getByRole('menuitem', { name: 'Qualität' }).click();
  await expect(page.getByText('Zum Training markiert')).toBeVisible();

  const db = new Database(join(dataDir(), 'app.db'), { readonly: true });
  try {
    const row = db
      .prepare(
        'select i.text, i.branch, i.flagged from training_inbox i join surveys s on s.id = i.survey_id where s.survey_id = ?',
      )
      .get(dialog.surveyId);
    expect(row).toEqual({ text: 'vor allem gute Verarbeitung', branch: 'Qualität', flagged: 1 });
  } finally {
    db.close();
  }

  // A reloaded chat still shows what was flagged.
  await page.reload();
  await expect(chatLog(page).getByText('Noch eine Runde?')).toBeVisible();
  await expect(page.getByText('Zum Training markiert: Qualität')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Falsch zugeordnet' })).toHaveCount(0);

  // Without training mode (and without feedback_allowed) there is nothing to flag.
  setTrainingModule(false);
  try {
    await page.reload();
    await expect(chatLog(page).getByText('Noch eine Runde?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Falsch zugeordnet' })).toHaveCount(0);
  } finally {
    setTrainingModule(true);
  }
});
