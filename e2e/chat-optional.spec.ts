import { expect, test } from '@playwright/test';
import { chatLog, createDialog, type E2eDialog, giveConsent } from './chat-support.ts';

/** An optional question on a phone: the respondent skips it and finishes the dialog. */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(
    request,
    [
      {
        type: 'email',
        context: 'Wenn Sie an der Verlosung teilnehmen möchten, nennen Sie uns Ihre E-Mail-Adresse.',
        optional: 1,
        skip_label: 'Nein danke',
      },
      { type: 'single_choice', context: 'Hat Ihnen der Dialog gefallen?', options: ['Ja', 'Nein'] },
    ],
    {
      settings: {
        privacy_declaration_text: 'Wir speichern Ihre Antworten für die Auswertung.',
        progress: true,
      },
    },
  );
});

test('a respondent skips an optional e-mail question on a phone and finishes', async ({ page }) => {
  await page.goto(`/dialog/${dialog.surveyId}`);
  await giveConsent(page);
  const log = chatLog(page);
  await expect(log.getByText(/Wenn Sie an der Verlosung teilnehmen möchten/)).toBeVisible();
  // The progress indicator: two questions on the longest way, none answered yet.
  const progress = page.getByRole('progressbar', { name: 'Fortschritt' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  const skip = page.getByRole('button', { name: 'Nein danke' });
  await expect(skip).toBeVisible();
  // Beside the answer field, inside the phone's width.
  const box = (await skip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByLabel('Ihre Antwort', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/optional-question-390.png' });
  await skip.click();
  // The skip shows as the respondent's bubble, and the dialog goes on with the next question.
  await expect(log.getByText('Nein danke')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await page.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect(log.getByText('Vielen Dank fürs Mitmachen!')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: 'test-results/optional-question-finished-390.png' });
  await expect(page.getByRole('button', { name: 'Nein danke' })).toHaveCount(0);

  // The author's Analyse counts it as skipped, not as answered or left.
  const res = await page.request.post('/api/analytics/summary', {
    data: { survey_id: dialog.surveyId, filters: {} },
    headers: { authorization: `Bearer ${dialog.token}` },
  });
  const mail = (await res.json()).blocks.find(
    (b: { unique_question_id: string }) => b.unique_question_id === dialog.blockIds[0],
  );
  expect(mail).toMatchObject({ reached: 1, answered: 0, skipped: 1, left: 0 });
});
