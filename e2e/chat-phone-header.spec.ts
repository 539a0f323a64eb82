import { expect, type Page, test } from '@playwright/test';
import { chatLog, createDialog, type E2eDialog, giveConsent, sendText } from './chat-support.ts';

/**
 * The respondent chat on a phone: one header (avatar, name, logo, the actions menu) instead of the top
 * bar stacked over the chat's header; restart and cancel only once the chat runs; confirm popups in
 * the dialog's accent colour.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const ACCENT = '#7b3fa0';
const ACCENT_RGB = 'rgb(123, 63, 160)';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [{ type: 'open_text', context: 'Wie heißen Sie?' }], {
    settings: { accent_color: ACCENT, logo_src: '/img/favicon.svg' },
  });
});

/** Restart and cancel, as buttons or menu items anywhere on the page. */
function sessionActions(page: Page) {
  return page
    .getByRole('button', { name: /^(Neu starten|Abbrechen)$/ })
    .or(page.getByRole('menuitem', { name: /^(Neu starten|Abbrechen)$/ }));
}

test('a phone shows one header with the actions menu, restart and cancel only after consent', async ({
  page,
}) => {
  await page.goto(`/dialog/${dialog.surveyId}`);
  // Before consent: the bar with logo and information, but nothing to restart or cancel.
  await expect(page.getByRole('checkbox', { name: /Datenschutzerklärung/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Informationen' })).toBeVisible();
  await expect(sessionActions(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-header-consent-390.png` });

  await giveConsent(page);
  await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
  // One bar: no top bar above the chat's header, which sits at the top and is one row high.
  await expect(page.getByTestId('live-top-bar')).toHaveCount(0);
  const header = page.getByTestId('chat-header');
  const box = (await header.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThanOrEqual(56);
  await expect(header.getByRole('img', { name: 'Chat-E2E' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-header-chat-390.png` });

  // The actions are in the header's menu; restart asks in the dialog's accent colour.
  await header.getByRole('button', { name: 'Weitere Aktionen' }).click();
  await expect(page.getByRole('menuitem', { name: 'Abbrechen' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Neu starten' }).click();
  const popup = page.getByRole('dialog', { name: 'Dialog neu starten?' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Neu starten' })).toHaveCSS('background-color', ACCENT_RGB);
  await page.screenshot({ path: `${SHOTS}/phone-header-confirm-390.png` });
  await popup.getByRole('button', { name: 'Zurück' }).click();
  await expect(popup).toBeHidden();
  await sendText(page, 'Ada');
  await expect(chatLog(page).getByText('Ada', { exact: true })).toBeVisible();
});

test('the ended dialog notice on a phone offers no restart or cancel', async ({ page, request }) => {
  const ended = await createDialog(request, [{ type: 'open_text', context: 'Frage' }], { active: false });
  await page.goto(`/dialog/${ended.surveyId}`);
  await expect(page.getByText(/Der Dialog wurde bereits beendet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Informationen' })).toBeVisible();
  await expect(sessionActions(page)).toHaveCount(0);
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1366, height: 900 }, hasTouch: false, isMobile: false });

  test('the top bar stays, its confirm popup in the accent colour, restart only after consent', async ({
    page,
  }) => {
    await page.goto(`/dialog/${dialog.surveyId}`);
    const bar = page.getByTestId('live-top-bar');
    await expect(bar).toBeVisible();
    await expect(sessionActions(page)).toHaveCount(0);
    await giveConsent(page);
    await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
    await bar.getByRole('button', { name: 'Abbrechen' }).click();
    const popup = page.getByRole('dialog', { name: 'Dialog abbrechen?' });
    await expect(popup.getByRole('button', { name: 'Zurück' })).toHaveCSS('color', 'rgb(123, 63, 160)');
    await page.screenshot({ path: `${SHOTS}/phone-header-confirm-1366.png` });
    await popup.getByRole('button', { name: 'Zurück' }).click();
    await page.screenshot({ path: `${SHOTS}/phone-header-chat-1366.png` });
  });
});
