import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, sendText } from './chat-support.ts';
import { partScreenshots, seedAuthorSession } from './support.ts';

/**
 * Quotas (issue 22): the author defines 'Frauen: 1' in the settings, leading to an end block when full;
 * the first respondent fills it, the second ends at that end as soon as she answers; Analyse shows 1 / 1.
 */

const q = de.quotas;
const SHOTS = process.env.E2E_SHOTS_DIR;

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [
    { type: 'single_choice', context: 'Sie sind …', short_name: 'Geschlecht', options: ['Frau', 'Mann'] },
    { type: 'number', context: 'Wie zufrieden sind Sie (0–10)?', is_end: 1 },
    {
      type: 'end',
      context: 'Leider haben wir schon genug Antworten aus Ihrer Gruppe. Danke!',
      short_name: 'Quote voll',
    },
  ]);
});

const shots = (page: Page, part: Locator, name: string) => partScreenshots(page, part, name, SHOTS);

async function respondent(browser: Browser, answers: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/dialog/${dialog.surveyId}`);
  await giveConsent(page);
  await expect(chatLog(page).getByText('Willkommen im Test!')).toBeVisible();
  await answers(page);
  return { page, close: () => context.close() };
}

test('a quota defined in the settings ends the second respondent at its end; Analyse shows its fill', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await seedAuthorSession(page, { username: dialog.author.username, token: dialog.token });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/configurator/${dialog.surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
  const section = page.getByRole('region', { name: q.title });
  await expect(section.getByText(q.none)).toBeVisible();
  const form = section.getByRole('form', { name: q.add });
  await form.getByLabel(q.name).fill('Frauen');
  await form.getByLabel(q.limit).fill('1');
  await form.getByRole('combobox', { name: q.source }).click();
  await page.getByRole('option', { name: 'Geschlecht' }).click();
  await form.getByRole('checkbox', { name: 'Frau' }).check();
  await form.getByRole('combobox', { name: q.end }).click();
  await page.getByRole('option', { name: 'Quote voll' }).click();
  await form.getByRole('button', { name: q.add }).click();
  await expect(section.getByText('Frauen', { exact: true })).toBeVisible();
  await expect(section.getByText('0 / 1')).toBeVisible();
  await expect(section.getByText('Geschlecht: Frau')).toBeVisible();
  await expect(section.getByText('Ende: Quote voll')).toBeVisible();
  await shots(page, section, 'quotas-settings');

  const first = await respondent(browser, async (p) => {
    await p.getByRole('button', { name: 'Frau' }).click();
    await expect(chatLog(p).getByText('Wie zufrieden sind Sie (0–10)?')).toBeVisible();
    await sendText(p, '8');
    await expect(chatLog(p).getByText('Vielen Dank fürs Mitmachen!')).toBeVisible();
  });
  await first.close();

  const second = await respondent(browser, async (p) => {
    await p.getByRole('button', { name: 'Frau' }).click();
    await expect(chatLog(p).getByText(/schon genug Antworten aus Ihrer Gruppe/)).toBeVisible();
    await expect(chatLog(p).getByText('Wie zufrieden sind Sie (0–10)?')).toHaveCount(0);
    await expect(p.getByLabel('Ihre Antwort', { exact: true })).toHaveCount(0);
  });
  if (SHOTS) await second.page.screenshot({ path: `${SHOTS}/quotas-respondent-390.png`, fullPage: true });
  await second.close();

  await page.goto(`/analyse/${dialog.surveyId}`);
  const fill = page.getByRole('region', { name: q.title });
  await expect(fill.getByRole('listitem', { name: 'Frauen: 1 / 1' })).toBeVisible();
  await expect(fill.getByText(`1 / 1 (${q.full})`)).toBeVisible();
  await shots(page, fill, 'quotas-analyse');
});
