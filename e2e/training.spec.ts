import { expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { chatLog, sendText } from './chat-support.ts';
import { authorPost, branchingDialog, seedAuthorSession } from './support.ts';

/**
 * The training screen (issue 6): examples per branch, training and the metrics of the model; then the
 * trained model routes a free-text answer in the assessment chat, and an answer flagged there as wrongly
 * routed becomes an example through the training inbox.
 */

const EXAMPLES: Record<string, string[]> = {
  Preis: ['Zu teuer', 'Der Preis ist zu hoch', 'Viel zu viel Geld'],
  Qualität: ['Die Qualität ist schlecht', 'Ging schnell kaputt', 'Schlecht verarbeitet'],
};

test('add examples, train, see the metrics; the chat routes by the model; a flagged answer becomes an example', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, token, refresh_token, surveyId, qid } = await branchingDialog(
    request,
    'Training-E2E',
    'Warum unzufrieden?',
  );

  await seedAuthorSession(page, { username: user.username, token, refresh_token });
  await page.goto(`/intrance/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Intrance })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: de.training.blocks }).getByText('Warum unzufrieden?'),
  ).toBeVisible();

  for (const [branch, texts] of Object.entries(EXAMPLES)) {
    const card = page.getByRole('region', { name: branch, exact: true });
    await expect(card.getByText(de.training.hintMore.replace('{{missing}}', '3'))).toBeVisible();
    const field = card.getByLabel(de.training.newExample.replace('{{label}}', branch));
    for (const text of texts) {
      await field.fill(text);
      await field.press('Enter');
      await expect(card.getByRole('list').getByText(text, { exact: true })).toBeVisible();
    }
    await expect(card.getByText(de.training.count_other.replace('{{count}}', '3'))).toBeVisible();
    await expect(card.getByText(de.training.hintOk.replace('{{missing}}', '7'))).toBeVisible();
  }

  const trainPanel = page.getByRole('region', { name: de.training.train });
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.needs_training);
  await trainPanel.getByRole('button', { name: de.training.train }).click();
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.done, {
    timeout: 60_000,
  });
  await expect(trainPanel.getByTestId('training-accuracy')).toHaveText(/^\d{1,3}\s?%$/);

  // The confusion matrix is behind 'Details'.
  await trainPanel.getByRole('button', { name: de.training.details }).click();
  const matrix = trainPanel.getByRole('table', { name: de.training.confusion });
  await expect(matrix).toBeVisible();
  const header = matrix.getByRole('row').first().getByRole('columnheader');
  await expect(header.nth(1)).toHaveText('Preis');
  await expect(header.nth(2)).toHaveText('Qualität');
  await expect(header.nth(3)).toHaveText(de.training.noneLabel);

  // Each branch gets a reaction, so the chat shows which branch an answer took.
  await authorPost(request, token, '/api/update_survey_blocks', {
    survey_id: surveyId,
    action: 'update',
    unique_question_id: qid,
    changed_values: { jump_to_reactions: ['Reaktion Preis', 'Reaktion Qualität'] },
  });

  // In the assessment chat an answer unlike any example takes the trained branch.
  await page.goto(`/assess/${surveyId}`);
  await expect(chatLog(page).getByText('Was stört Sie am meisten?')).toBeVisible();
  await sendText(page, 'Das ist mir alles viel zu teuer');
  await expect(chatLog(page).getByText('Reaktion Preis')).toBeVisible();
  await expect(chatLog(page).getByText('Reaktion Qualität')).toHaveCount(0);

  // Another run: an answer the model cannot place is flagged as wrongly routed, meant for 'Qualität'.
  await page.getByRole('banner').getByRole('button', { name: de.topBar.restart }).click();
  await expect(chatLog(page).getByText('Das ist mir alles viel zu teuer')).toHaveCount(0);
  await sendText(page, 'Nach zwei Wochen war der Reißverschluss ab');
  await expect(chatLog(page).getByText('Nach zwei Wochen war der Reißverschluss ab')).toBeVisible();
  await page.getByRole('button', { name: de.assess.flag }).click();
  await page.getByRole('menuitem', { name: 'Qualität' }).click();
  await expect(page.getByText(de.assess.flagged)).toBeVisible();

  // The training inbox has it, flagged; one click makes it an example of 'Qualität'.
  await page.goto(`/intrance/${surveyId}`);
  const inbox = page.getByRole('region', { name: de.training.inbox });
  const item = inbox.getByRole('listitem', { name: 'Nach zwei Wochen war der Reißverschluss ab' });
  await expect(item.getByText(de.training.flagged, { exact: true })).toBeVisible();
  await item.getByRole('button', { name: de.training.assignTo.replace('{{branch}}', 'Qualität') }).click();
  await expect(item).toHaveCount(0);
  const quality = page.getByRole('region', { name: 'Qualität', exact: true });
  await expect(
    quality.getByRole('list').getByText('Nach zwei Wochen war der Reißverschluss ab', { exact: true }),
  ).toBeVisible();
  await expect(quality.getByText(de.training.count_other.replace('{{count}}', '4'))).toBeVisible();
});
