import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { de } from '../web/i18n/de.ts';
import { createDialog, type E2eDialog, respond } from './chat-support.ts';
import { seedAuthorSession, signInWithForm } from './support.ts';

/**
 * Analyse (issue 8): a dialog with a choice and a Likert block and four live respondents; the figures,
 * a chart, a filter by clicking a bar, and the Excel export with a stale token through /login_refresh.
 */

async function post<T>(request: APIRequestContext, url: string, data: object, token?: string): Promise<T> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const res = await request.post(url, { data, headers });
  expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const figure = (page: Page, label: string): Locator =>
  page.getByRole('group', { name: label, exact: true }).getByTestId('figure-value');

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [
    {
      type: 'single_choice',
      context: 'Sind Sie zufrieden?',
      short_name: 'Zufrieden',
      options: ['Ja', 'Nein'],
    },
    { type: 'likert', context: 'Würden Sie uns empfehlen?', short_name: 'Empfehlung' },
  ]);
  const finished = [
    await respond(request, dialog.surveyId, ['Ja', 'Stimme voll zu']),
    await respond(request, dialog.surveyId, ['Ja', 'Teils, teils']),
    await respond(request, dialog.surveyId, ['Nein', 'Stimme gar nicht zu']),
    // Leaves at the Likert question.
    await respond(request, dialog.surveyId, ['Ja']),
  ];
  expect(finished).toEqual([true, true, true, false]);
});

test('figures, a filter from a bar, and the export after re-login', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A token from /api/refresh is never fresh: the export asks to sign in again.
  const stale = await post<{ token: string; refresh_token: string }>(request, '/api/refresh', {
    refresh_token: dialog.refreshToken,
  });
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: stale.token,
    refresh_token: stale.refresh_token,
  });

  await page.goto(`/analyse/${dialog.surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Analyse })).toBeVisible();
  await expect(figure(page, de.analytics.headline.started)).toHaveText('4');
  await expect(figure(page, de.analytics.headline.finished)).toHaveText('3');
  await expect(figure(page, de.analytics.headline.completionRate)).toHaveText('75\u00a0%');

  const choice = page.getByRole('region', { name: 'Zufrieden', exact: true });
  const table = choice.getByRole('table', { name: 'Zufrieden' });
  await expect(table.getByRole('row', { name: /^Ja 3 75\s%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Nein 1 25\s%/ })).toBeVisible();
  const bars = choice.getByTestId('option-chart').locator('.MuiBarChart-element');
  await expect(bars).toHaveCount(2);

  // The longer bar is 'Ja' (3 of 4).
  const widths = await bars.evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().width));
  await bars.nth(widths.indexOf(Math.max(...widths))).click();
  const chips = page.getByRole('list', { name: de.analytics.filters.answerFilters });
  await expect(chips.getByText('Zufrieden = Ja')).toBeVisible();
  await expect(figure(page, de.analytics.headline.started)).toHaveText('3');
  await expect(figure(page, de.analytics.headline.finished)).toHaveText('2');
  await expect(figure(page, de.analytics.headline.completionRate)).toHaveText('66,7\u00a0%');

  await page.getByRole('button', { name: de.analytics.export.excel }).click();
  await expect(page).toHaveURL(/\/login_refresh$/);
  await expect(page.getByRole('heading', { name: de.login.refreshTitle, level: 1 })).toBeVisible();
  const download = page.waitForEvent('download');
  await signInWithForm(page, dialog.author.username, dialog.author.password);
  const file = await download;
  await expect(page).toHaveURL(new RegExp(`/analyse/${dialog.surveyId}$`));
  expect(file.suggestedFilename()).toMatch(/^Analyse_Chat-E2E_\d{4}-\d{2}-\d{2}\.xlsx$/);
  // Back on Analyse, the filter of the export is still set.
  await expect(chips.getByText('Zufrieden = Ja')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => (v == null ? '' : String(v)));
  const column = header.indexOf('Zufrieden');
  expect(column, `header ${header.join(' | ')}`).toBeGreaterThan(0);
  expect(header).toContain('Empfehlung');
  // The export has the filter: the three respondents who answered 'Ja', one row each.
  const answers: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) answers.push(String(row.getCell(column).value));
  });
  expect(answers).toEqual(['Ja', 'Ja', 'Ja']);
});
