import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { hiddenFieldMissing } from '../contract/hidden-values.ts';
import { de } from '../web/i18n/de.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, openSettingsAsAuthor } from './chat-support.ts';
import { serverDialog } from './configurator-helpers.ts';

/**
 * A panel study end to end (issue 22): the author declares a hidden field and the dialog's redirect in
 * the settings and finds the panel link on Teilen; a respondent on a phone opens the panel-style link,
 * finishes and lands on the panel's page with the id. Without the id the link says what is missing.
 */

const p = de.panel;
const SHOTS = 'test-results/panel-link';

/** The panel's 'complete' page on 127.0.0.1: it shows the id it was sent back with. */
let panel: Server;
let panelOrigin: string;
let dialog: E2eDialog;

test.beforeAll(async ({ request }) => {
  panel = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Panel</title><h1>Panel: fertig</h1><p id="pid">${encodeURIComponent(id)}</p>`,
    );
  });
  await new Promise<void>((resolve) => panel.listen(0, '127.0.0.1', resolve));
  panelOrigin = `http://127.0.0.1:${(panel.address() as AddressInfo).port}`;
  dialog = await createDialog(request, [
    { type: 'single_choice', context: 'Teilnehmer {{pid}}: Alles klar?', options: ['Ja', 'Nein'] },
    { type: 'end', context: 'Das war es schon.' },
  ]);
});
test.afterAll(() => new Promise<void>((resolve) => panel.close(() => resolve())));

test('the author sets up a panel link, a respondent on a phone returns to the panel with the id', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const settings = await openSettingsAsAuthor(page, dialog);
  const saved = () =>
    serverDialog(page, { token: dialog.token, username: dialog.author.username }, dialog.surveyId);

  // 'Versteckte Felder': pid, required.
  const fields = settings.getByRole('region', { name: p.hiddenTitle });
  await fields.getByRole('button', { name: p.addField }).click();
  await fields.getByLabel(p.fieldName).fill('pid');
  await fields.getByRole('checkbox', { name: p.required }).check();
  await fields.getByRole('button', { name: p.save }).click();
  await expect(fields.getByText(p.saved)).toBeVisible();

  // The dialog's redirect after its ending (for ends without their own).
  const url = settings.getByLabel(p.redirectUrl);
  await url.fill('javascript:alert(1)');
  await url.press('Tab');
  await expect(settings.getByText(/muss leer oder eine http\(s\)-Adresse sein/)).toBeVisible();
  await url.fill(`${panelOrigin}/complete?id={{pid}}`);
  await url.press('Tab');
  const delay = settings.getByLabel(p.redirectDelay);
  await delay.fill('5');
  await delay.press('Tab');
  await expect(async () => {
    expect((await saved()).settings).toMatchObject({
      end_redirect_url: `${panelOrigin}/complete?id={{pid}}`,
      end_redirect_delay: 5,
    });
  }).toPass({ timeout: 7000 });
  await fields.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-laptop.png` });

  // The end block's own redirect goes first: the panel's complete page with the id, after 2 seconds.
  const c = de.configurator;
  const endRow = page.getByTestId('block-row').nth(1);
  await endRow
    .getByRole('toolbar', { name: c.list.actions })
    .getByRole('button', { name: c.list.expand })
    .click();
  const own = endRow.getByLabel(p.redirectUrl);
  await own.fill(`${panelOrigin}/complete?id={{pid}}&end=block`);
  await own.press('Tab');
  const ownDelay = endRow.getByLabel(p.redirectDelay);
  await ownDelay.fill('2');
  await ownDelay.press('Tab');
  await expect(async () => {
    expect((await saved()).all_questions[1]).toMatchObject({
      redirect_url: `${panelOrigin}/complete?id={{pid}}&end=block`,
      redirect_delay: 2,
    });
  }).toPass({ timeout: 7000 });
  await page.screenshot({ path: `${SHOTS}/end-block-laptop.png` });

  // Teilen: the panel link with its placeholder.
  await page.goto(`/share/${dialog.surveyId}`);
  const panelLink = page.getByRole('textbox', { name: p.panelLink });
  await expect(panelLink).toHaveValue(`${new URL(page.url()).origin}/dialog/${dialog.surveyId}?pid={{pid}}`);
  await expect(page.getByRole('button', { name: p.copyPanelLink })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/share-laptop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/share-phone.png`, fullPage: true });

  // The respondent, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const respondent = await phone.newPage();
  await respondent.goto(`/dialog/${dialog.surveyId}?src=panel`);
  await giveConsent(respondent);
  await expect(respondent.getByRole('alert')).toHaveText(hiddenFieldMissing('pid'));
  await expect(respondent.getByLabel('Ihre Antwort')).toHaveCount(0);
  await expect(respondent.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  await respondent.screenshot({ path: `${SHOTS}/missing-pid-phone.png` });

  await respondent.goto(`/dialog/${dialog.surveyId}?pid=P-4711&src=panel`);
  const log = chatLog(respondent);
  await expect(log.getByText('Teilnehmer P-4711: Alles klar?')).toBeVisible();
  await respondent.getByRole('button', { name: 'Ja' }).click();
  // The end block's own text closes the chat (the dialog's Abschluss is then not sent).
  await expect(log.getByText('Das war es schon.')).toBeVisible();
  const go = respondent.getByRole('link', { name: 'Weiter' });
  await expect(go).toHaveAttribute('href', `${panelOrigin}/complete?id=P-4711&end=block`);
  await respondent.screenshot({ path: `${SHOTS}/redirect-phone.png` });
  // No click: the page goes on by itself after the two seconds.
  await respondent.waitForURL(`${panelOrigin}/complete?id=P-4711&end=block`, { timeout: 10_000 });
  await expect(respondent.locator('#pid')).toHaveText('P-4711');
  await phone.close();
});
