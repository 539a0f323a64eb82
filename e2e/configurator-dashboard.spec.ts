import { expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { api, createDialog, serverDialog, signedIn } from './configurator-helpers.ts';

/** The dashboard (issue 3): create, list, search, duplicate, delete, open. */

test('creating a dialog on the dashboard opens it in the configurator with start, end and defaults', async ({
  page,
}) => {
  const session = await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: de.screens.Dashboard, level: 1 })).toBeVisible();
  await expect(page.getByText(de.dashboard.empty)).toBeVisible();

  await page.getByRole('button', { name: de.dashboard.create }).click();
  const popup = page.getByRole('dialog', { name: de.dashboard.createTitle });
  await popup.getByRole('button', { name: de.dashboard.createSubmit }).click();
  await expect(popup.getByText('darf nicht leer sein')).toBeVisible();
  await popup.getByLabel(de.dashboard.nameLabel).fill('Kundenbefragung 2025');
  await popup.getByRole('button', { name: de.dashboard.createSubmit }).click();

  await expect(page).toHaveURL(/\/configurator\/[A-Za-z0-9_-]+$/);
  const surveyId = page.url().split('/').pop()!;
  await expect(page.getByTestId('breadcrumb-name')).toHaveText('Kundenbefragung 2025');
  await expect(page.getByRole('tab', { name: de.tabs.configurator })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(de.configurator.list.empty)).toBeVisible();

  const dialog = await serverDialog(page, session, surveyId);
  expect(dialog.structure.map((m) => m.id)).toEqual([`start_node_${surveyId}`, `end_node_${surveyId}`]);
  expect(dialog.language).toBe('de');
  expect(dialog.settings.speed).toBe(0.5);
});

test('the list shows role, status and counts; search, sort, duplicate and delete work', async ({ page }) => {
  const session = await signedIn(page);
  const first = await createDialog(page, session, 'Alpha Umfrage');
  await createDialog(page, session, 'Beta Feedback');
  await api(page, session, '/api/update_survey_settings', {
    survey_id: first,
    action: 'config',
    changed_values: { privacy_declaration_text: 'Wir speichern Ihre Antworten.' },
  });
  await api(page, session, '/api/switch_activate_link', { item: { survey_id: first, active: true } });

  await page.goto('/dashboard');
  const rows = page.getByTestId('survey-row');
  await expect(rows).toHaveCount(2);
  // Newest change first: Alpha was switched live last.
  await expect(rows.first()).toContainText('Alpha Umfrage');
  await expect(rows.first()).toContainText('Besitzer');
  await expect(rows.first()).toContainText(de.dashboard.live);
  await expect(rows.nth(1)).toContainText(de.dashboard.inactive);
  await expect(rows.first()).toContainText(/vor .+/);

  await page
    .getByRole('combobox', { name: de.dashboard.sortBy })
    .selectOption({ label: de.dashboard.sort.name });
  await expect(rows.first()).toContainText('Alpha Umfrage');

  await page.getByLabel(de.dashboard.search).fill('beta');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Beta Feedback');
  await page.getByLabel(de.dashboard.search).fill('');

  const alpha = rows.filter({ hasText: 'Alpha Umfrage' });
  await alpha.getByRole('button', { name: de.dashboard.duplicate }).click();
  await expect(page.getByText(de.dashboard.duplicated)).toBeVisible();
  await expect(rows.filter({ hasText: 'Alpha Umfrage (Kopie)' })).toHaveCount(1);

  const copy = rows.filter({ hasText: 'Alpha Umfrage (Kopie)' });
  await copy.getByRole('button', { name: de.dashboard.delete }).click();
  const confirm = page.getByRole('dialog', { name: de.dashboard.deleteTitle });
  await expect(confirm).toContainText('„Alpha Umfrage (Kopie)“');
  await confirm.getByRole('button', { name: de.dashboard.delete }).click();
  await expect(rows).toHaveCount(2);
  const list = await api<{ surveys: { survey_name: string }[] }>(page, session, '/api/get_survey_list', {});
  expect(list.surveys.map((s) => s.survey_name).sort()).toEqual(['Alpha Umfrage', 'Beta Feedback']);

  // Open in a module the role allows: Bearbeiten opens the configurator.
  await alpha.getByRole('button', { name: `Öffnen in ${de.tabs.configurator}` }).click();
  await expect(page).toHaveURL(new RegExp(`/configurator/${first}$`));
  await expect(page.getByTestId('breadcrumb-name')).toHaveText('Alpha Umfrage');
});
