import { type APIRequestContext, expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { apiLogin, createUser, seedAuthorSession } from './support.ts';

/** The training screen (issue 6): examples per branch, training, and the metrics of the model. */

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  return res.json();
}

const EXAMPLES: Record<string, string[]> = {
  Preis: ['Zu teuer', 'Der Preis ist zu hoch', 'Viel zu viel Geld'],
  Qualität: ['Die Qualität ist schlecht', 'Ging schnell kaputt', 'Schlecht verarbeitet'],
};

test('add examples per branch, train, and see accuracy and confusion matrix', async ({ page, request }) => {
  const user = createUser();
  const { token, refresh_token } = await apiLogin(request, user);
  const { survey_id: surveyId } = await post(request, token, '/api/create_survey', {
    survey_name: 'Training-E2E',
  });
  const { unique_question_id: qid } = await post(request, token, '/api/update_survey_blocks', {
    survey_id: surveyId,
    action: 'create',
    type: 'open_text',
  });
  const fields = { short_name: 'Warum unzufrieden?', options: ['Preis', 'Qualität'] };
  for (const [key, value] of Object.entries(fields)) {
    await post(request, token, '/api/update_survey_blocks', {
      survey_id: surveyId,
      action: 'update',
      unique_question_id: qid,
      changed_values: { [key]: value },
    });
  }

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
    await expect(card.getByText(de.training.count.replace('{{count}}', '3'))).toBeVisible();
    await expect(card.getByText(de.training.hintOk.replace('{{missing}}', '7'))).toBeVisible();
  }

  const trainPanel = page.getByRole('region', { name: de.training.train });
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.needs_training);
  await trainPanel.getByRole('button', { name: de.training.train }).click();
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.done, {
    timeout: 60_000,
  });
  await expect(trainPanel.getByTestId('training-accuracy')).toHaveText(/^\d{1,3}\s?%$/);

  const matrix = trainPanel.getByRole('table', { name: de.training.confusion });
  await expect(matrix).toBeVisible();
  const header = matrix.getByRole('row').first().getByRole('columnheader');
  await expect(header.nth(1)).toHaveText('Preis');
  await expect(header.nth(2)).toHaveText('Qualität');
  await expect(header.nth(3)).toHaveText(de.training.noneLabel);
});
