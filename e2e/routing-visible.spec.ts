import { expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { chatLog, sendText } from './chat-support.ts';
import { authorPost, branchingDialog, seedAuthorSession, screenshots as shots } from './support.ts';

/**
 * Routing the author can see (issue 19, section 3): a trained block routes an answer in Testen, the
 * author sees its branch, confidence and source under it, flags it to another branch (the menu leaves
 * out the branch it took), finds it in the inbox with the branch it was routed to, and the export has
 * the block's 'Zweig' column.
 */

const EXAMPLES: Record<string, string[]> = {
  Preis: ['Zu teuer', 'Der Preis ist zu hoch', 'Viel zu viel Geld', 'Das kostet zu viel'],
  Qualität: ['Die Qualität ist schlecht', 'Ging schnell kaputt', 'Schlecht verarbeitet', 'Billiges Material'],
};

test('train, answer in Testen, see branch and confidence, flag it elsewhere, find it in the inbox and the export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, token, refresh_token, surveyId, qid } = await branchingDialog(
    request,
    'Routing-E2E',
    'Grund',
  );
  const block = { survey_id: surveyId, unique_question_id: qid };
  for (const [branch, texts] of Object.entries(EXAMPLES)) {
    for (const text of texts)
      await authorPost(request, token, '/api/training/add_example', { ...block, branch, text });
  }

  await seedAuthorSession(page, { username: user.username, token, refresh_token });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/intrance/${surveyId}`);
  const trainPanel = page.getByRole('region', { name: de.training.train });
  await trainPanel.getByRole('button', { name: de.training.train }).click();
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.done, {
    timeout: 60_000,
  });

  // Testen: under the answer, the branch it took, how sure and what decided.
  await page.goto(`/assess/${surveyId}`);
  await expect(chatLog(page).getByText('Was stört Sie am meisten?')).toBeVisible({ timeout: 20_000 });
  await sendText(page, 'Das ist mir alles viel zu teuer');
  const note = page.getByTestId('routing-note');
  await expect(note).toHaveText(/^Zweig: Preis · \d{1,3} % sicher · trainiertes Modell$/, {
    timeout: 20_000,
  });
  await shots(page, 'assess');

  // 'Falsch zugeordnet' offers the other branch and 'keiner davon', not the one taken.
  await page.getByRole('button', { name: de.assess.flag }).click();
  await expect(page.getByRole('menuitem', { name: 'Qualität' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: de.training.noneLabel })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Preis', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Qualität' }).click();
  await expect(page.getByText(de.training.flaggedAs.replace('{{branch}}', 'Qualität'))).toBeVisible();

  // The inbox: the entry with the branch the chat routed it to.
  await page.goto(`/intrance/${surveyId}`);
  const inbox = page.getByRole('region', { name: de.training.inbox });
  const item = inbox.getByRole('listitem', { name: 'Das ist mir alles viel zu teuer' });
  await expect(item.getByTestId('inbox-routed')).toHaveText(/^Im Chat zugeordnet: Preis \(\d{1,3}\s?%\)$/);
  await expect(item.getByText(de.training.flaggedChoice.replace('{{branch}}', 'Qualität'))).toBeVisible();
  await inbox.scrollIntoViewIfNeeded();
  await shots(page, 'inbox');

  // The export: the block's Zweig and Konfidenz beside the answer.
  const res = await request.post('/api/excel_export', {
    data: { survey_id: surveyId, format: 'csv', filters: { mode: 'test' } },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const [header, row] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(';');
  const at = columns.indexOf('Grund (Zweig)');
  expect(at).toBeGreaterThan(0);
  expect(columns[at - 1]).toBe('Grund');
  expect(columns[at + 1]).toBe('Grund (Konfidenz)');
  expect(row!.split(';')[at]).toBe('Preis');
});
