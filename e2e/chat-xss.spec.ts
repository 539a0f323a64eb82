import { expect, test } from '@playwright/test';
import { chatLog, createDialog, giveConsent, sendText } from './chat-support.ts';

/** Script and HTML in block texts, welcome, options and answers are shown as text and never run. */

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';

test('HTML and script from authors and respondents stay literal text', async ({ page, request }) => {
  const dialog = await createDialog(
    request,
    [
      { type: 'message', context: IMG },
      { type: 'open_text', context: SCRIPT, variable: 'name' },
      {
        type: 'single_choice',
        context: 'Hallo {{name}}',
        options: ['<b onmouseover=window.__xss=1>fett</b>', 'Nein'],
      },
    ],
    { welcome: `Willkommen ${SCRIPT}`, ending: 'Tschüss {{name}}' },
  );
  await page.goto(`/dialog/${dialog.surveyId}`);
  await giveConsent(page);
  const log = chatLog(page);
  await expect(log.getByText(`Willkommen ${SCRIPT}`)).toBeVisible();
  await expect(log.getByText(IMG)).toBeVisible();
  await expect(log.getByText(SCRIPT, { exact: true })).toBeVisible();

  await sendText(page, IMG);
  await expect(log.getByText(`Hallo ${IMG}`)).toBeVisible();
  const option = page.getByRole('button', { name: '<b onmouseover=window.__xss=1>fett</b>' });
  await option.hover();
  await option.click();
  await expect(log.getByText(`Tschüss ${IMG}`)).toBeVisible();

  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(log.locator('img, script, b')).toHaveCount(0);

  // The same after a reload (from the stored and the server's history).
  await page.reload();
  await expect(log.getByText(`Tschüss ${IMG}`)).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(log.locator('img, script, b')).toHaveCount(0);
});
