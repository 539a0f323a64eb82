import { expect, type Page, test } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import { createBlock, createDialog, type Session, serverDialog, signedIn } from './configurator-helpers.ts';

/** A GPT block's exit conditions in the configurator (issue 6): add, edit, history, undo, redo, failures. */

const c = de.configurator;
const texts = (d: Dialog) => d.gpt_exit_conditions.map((x) => x.condition);

/** Polls the server until check passes: optimistic writes reach it a moment after the screen changes. */
async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

/** A new dialog of a signed-in author with one block of this type, open in the configurator's list. */
async function openNewBlock(page: Page, name: string, type: 'gpt' | 'qa') {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, name);
  await createBlock(page, session, surveyId, type);
  await page.goto(`/configurator/${surveyId}`);
  const row = page.getByTestId('block-row').first();
  await row
    .getByRole('toolbar', { name: c.list.actions })
    .getByRole('button', { name: c.list.expand })
    .click();
  return { session, surveyId, row };
}

test('add an exit condition, edit it, undo and redo it through the history and Ctrl+Z', async ({ page }) => {
  const { session, surveyId, row } = await openNewBlock(page, 'GPT-Nachfragen', 'gpt');

  // The e2e server has no language model: the editor says what the block does without one, and that a
  // new block, whose follow-up is still empty, would be skipped.
  await expect(row.getByTestId('llm-notice')).toHaveText(
    `${c.editor.llm.gptOff} ${c.editor.llm.gptNoFollowUp}`,
  );

  const section = row.getByRole('region', { name: c.editor.exitConditions });
  await expect(section.getByText(c.editor.noExitConditions)).toBeVisible();
  const newField = section.getByLabel(c.editor.newExitCondition);
  await newField.fill('Die Person hat einen Grund genannt');
  await newField.press('Enter');
  const first = section.getByRole('textbox', {
    name: c.editor.exitCondition.replace('{{n}}', '1'),
    exact: true,
  });
  await expect(first).toHaveValue('Die Person hat einen Grund genannt');
  await expect(newField).toHaveValue('');
  await expectServer(page, session, surveyId, (d) =>
    expect(texts(d)).toEqual(['Die Person hat einen Grund genannt']),
  );

  // Edited in place, saved on Enter.
  await expect(first).toBeEnabled();
  await first.fill('Die Person hat einen Grund und ein Beispiel genannt');
  await first.press('Enter');
  await expectServer(page, session, surveyId, (d) =>
    expect(texts(d)).toEqual(['Die Person hat einen Grund und ein Beispiel genannt']),
  );

  await page.getByRole('button', { name: c.toolbar.history }).click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(c.history.titles.conditionUpdated);
  await expect(entries.nth(1)).toContainText(c.history.titles.conditionCreated);

  // Undo in the history panel twice: the edit, then the condition itself is gone (on the server too).
  const panelUndo = page.getByRole('button', { name: c.toolbar.undo, exact: true }).last();
  await panelUndo.click();
  await expect(first).toHaveValue('Die Person hat einen Grund genannt');
  await panelUndo.click();
  await expect(first).toHaveCount(0);
  await expect(section.getByText(c.editor.noExitConditions)).toBeVisible();
  await expectServer(page, session, surveyId, (d) => expect(texts(d)).toEqual([]));
  await expect(entries.filter({ hasText: c.history.undone })).toHaveCount(2);

  // Redo with the keyboard (outside a text field): back under a new id, then the edit is replayed on it.
  await page.keyboard.press('Control+Shift+Z');
  await expect(first).toHaveValue('Die Person hat einen Grund genannt');
  await page.keyboard.press('Control+Shift+Z');
  await expect(first).toHaveValue('Die Person hat einen Grund und ein Beispiel genannt');
  await expectServer(page, session, surveyId, (d) =>
    expect(texts(d)).toEqual(['Die Person hat einen Grund und ein Beispiel genannt']),
  );
  await expect(entries.filter({ hasText: c.history.undone })).toHaveCount(0);

  // Ctrl+Z undoes the edit on the re-created condition.
  await page.keyboard.press('Control+z');
  await expect(first).toHaveValue('Die Person hat einen Grund genannt');
  await expectServer(page, session, surveyId, (d) =>
    expect(texts(d)).toEqual(['Die Person hat einen Grund genannt']),
  );
});

test('a failed exit-condition call is reverted and shown as a notice; deleting is recorded', async ({
  page,
}) => {
  const { session, surveyId, row } = await openNewBlock(page, 'GPT-Fehler', 'gpt');
  const section = row.getByRole('region', { name: c.editor.exitConditions });
  const newField = section.getByLabel(c.editor.newExitCondition);

  await page.route('**/api/surveys/*/gpt_exit_conditions', (route) => route.abort(), { times: 1 });
  await newField.fill('Kommt nie an');
  await page.getByRole('button', { name: c.editor.addExitCondition }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'wurde zurückgenommen' })).toBeVisible();
  await expect(
    section.getByRole('textbox', { name: c.editor.exitCondition.replace('{{n}}', '1'), exact: true }),
  ).toHaveCount(0);
  expect(texts(await serverDialog(page, session, surveyId))).toEqual([]);

  await newField.fill('Ziel genannt');
  await newField.press('Enter');
  await expectServer(page, session, surveyId, (d) => expect(texts(d)).toEqual(['Ziel genannt']));
  await section.getByRole('button', { name: c.editor.removeExitCondition.replace('{{n}}', '1') }).click();
  await expectServer(page, session, surveyId, (d) => expect(texts(d)).toEqual([]));
  await page.getByRole('button', { name: c.toolbar.history }).click();
  await expect(page.getByTestId('history-entry').first()).toContainText(c.history.titles.conditionDeleted);
  await expect(page.getByTestId('history-entry').first()).toContainText('„Ziel genannt“');
});

test('a Q&A block says where its answers come from', async ({ page }) => {
  const { row } = await openNewBlock(page, 'Fragen und Antworten', 'qa');
  await expect(row.getByTestId('llm-notice')).toHaveText(c.editor.llm.qaOff);
  await row.getByLabel(c.editor.onlySearch, { exact: true }).check();
  await expect(row.getByTestId('llm-notice')).toHaveText(c.editor.llm.qaOnlySearch);
});
