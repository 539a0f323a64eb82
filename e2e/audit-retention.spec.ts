import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { api, createDialog, signedIn } from './configurator-helpers.ts';
import { apiLogin, createUser, seedAuthorSession, screenshots as shots } from './support.ts';

/**
 * Issue 24's screens: the owner sets 'Antworten löschen nach N Tagen' in the dialog's settings, Analyse
 * says how long answers are kept, and the owner finds the change in the dialog's 'Protokoll' (filtered,
 * exported as CSV); an admin reads everybody's entries in /protokoll, another author none of them.
 */

const a = de.audit;

test('retention in the settings, told in Analyse, and its entry in the dialog’s Protokoll with CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Aufbewahrung');

  await page.goto(`/analyse/${surveyId}`);
  await expect(page.getByTestId('retention-note')).toHaveText(a.retention.kept);

  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
  const section = page.getByRole('region', { name: a.retention.title });
  await section.getByRole('switch', { name: a.retention.switch }).check();
  const days = section.getByRole('textbox', { name: a.retention.days });
  await days.fill('0');
  await expect(section.getByText('mindestens 1 Tag')).toBeVisible();
  await expect(section.getByRole('button', { name: a.retention.save })).toBeDisabled();
  await days.fill('30');
  await section.getByRole('button', { name: a.retention.save }).click();
  await expect(section.getByText(a.retention.saved)).toBeVisible();
  expect(await api(page, session, '/api/get_retention', { survey_id: surveyId })).toEqual({
    retention_days: 30,
  });
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'retention-setting');

  await page.goto(`/analyse/${surveyId}`);
  await expect(page.getByTestId('retention-note')).toHaveText(
    'Antworten werden nach 30 Tagen gelöscht (ab der letzten Aktivität).',
  );
  await shots(page, 'analyse-retention');

  // The owner's way to the dialog's log: 'Teilen'.
  await page.goto(`/share/${surveyId}`);
  await page.getByRole('link', { name: a.openLog }).click();
  await expect(page).toHaveURL(new RegExp(`/protokoll/${surveyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Protokoll })).toBeVisible();
  await expect(page.getByText('Die Einträge des Dialogs „Aufbewahrung“.')).toBeVisible();
  const table = page.getByRole('table', { name: de.screens.Protokoll });
  const row = table.getByRole('row').filter({ hasText: a.actions.retention_changed });
  await expect(row).toContainText(session.username);
  await expect(row).toContainText('retention_days: 30');
  await shots(page, 'protokoll-dialog');

  // A filter that matches nothing, then the CSV of what the filters select.
  await page.getByRole('combobox', { name: a.action }).click();
  await page.getByRole('option', { name: a.actions.export }).click();
  await expect(page.getByText(a.empty)).toBeVisible();
  await page.getByRole('combobox', { name: a.action }).click();
  await page.getByRole('option', { name: a.actions.retention_changed }).click();
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: a.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Protokoll_${surveyId}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('id,time,actor_id,actor,address,action,dialog,details');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,retention_changed,${surveyId},`);
});

test('an admin reads every entry in /protokoll, filtered by user and day; another author none of them', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stranger = createUser();
  const failed = await request.post('/api/login', {
    data: { username: stranger.username, password: 'falsch-falsch' },
  });
  expect(failed.status()).toBe(401);
  await apiLogin(request, stranger);

  const admin = createUser({ admin: true, firstName: 'Ada' });
  const tokens = await apiLogin(request, admin);
  await seedAuthorSession(page, { ...tokens, username: admin.username });
  await page.goto('/admin');
  await page.getByRole('link', { name: de.screens.Protokoll }).click();
  await expect(page).toHaveURL(/\/protokoll$/);
  await expect(page.getByText(a.intro)).toBeVisible();
  await page.getByRole('textbox', { name: a.user }).fill(stranger.username);
  const table = page.getByRole('table', { name: de.screens.Protokoll });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(a.actions.login_succeeded);
  await expect(table.getByRole('row').nth(2)).toContainText(a.actions.login_failed);
  await expect(table.getByRole('row').nth(2)).toContainText('127.0.0.1');
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await page.getByLabel(a.from, { exact: true }).fill(day);
  await expect(table.getByRole('row')).toHaveCount(3);
  await shots(page, 'protokoll-admin');
  // A day after today selects nothing.
  await page.getByLabel(a.from, { exact: true }).fill(`${today.getFullYear() + 1}-01-01`);
  await expect(page.getByText(a.empty)).toBeVisible();

  // Another author: sign-ins are nobody's dialog, so they see none of them.
  const other = createUser();
  const otherTokens = await apiLogin(request, other);
  await seedAuthorSession(page, { ...otherTokens, username: other.username });
  await page.goto('/protokoll');
  await page.getByRole('textbox', { name: a.user }).fill(stranger.username);
  await expect(page.getByText(a.empty)).toBeVisible();
});
