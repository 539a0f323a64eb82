import { expect, type Page, test } from '@playwright/test';
import type { AdminUser } from '../contract/admin.ts';
import { de } from '../web/i18n/de.ts';
import { callApi, createDialog, createUserWithEmail, signInAs } from './team-support.ts';

/** The admin screen (issue 5): accounts with the admin flag manage accounts. */

const userRow = (page: Page, username: string) =>
  page.locator(`[data-testid="admin-user-row"][data-username="${username}"]`);

async function rowAction(page: Page, username: string, label: string) {
  await page.getByLabel(de.admin.search).fill(username);
  await page.getByRole('button', { name: de.admin.actionsOf.replace('{{username}}', username) }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test('admin disables an account and its open session is signed out on its next call', async ({
  page,
  browser,
}) => {
  const admin = await createUserWithEmail(page, 'admin', true);
  const victim = await createUserWithEmail(page, 'gesperrt');

  const context = await browser.newContext();
  const victimPage = await context.newPage();
  await signInAs(victimPage, victim);
  await victimPage.goto('/dashboard');
  await expect(victimPage.getByRole('heading', { level: 1, name: de.screens.Dashboard })).toBeVisible();

  await signInAs(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Admin })).toBeVisible();
  await rowAction(page, victim.username, de.admin.disable);
  await expect(page.getByText(de.admin.disabledDone.replace('{{username}}', victim.username))).toBeVisible();
  await expect(userRow(page, victim.username).getByText(de.admin.disabled, { exact: true })).toBeVisible();

  // The victim's next call (opening the settings from the user menu) ends the session.
  await victimPage.getByRole('banner').getByRole('button', { name: de.userMenu.open }).click();
  await victimPage.getByRole('menuitem', { name: de.userMenu.account }).click();
  await expect(victimPage).toHaveURL(/\/login$/);
  await expect(victimPage.getByRole('alert')).toBeVisible();
  await context.close();

  // Enabled again, the account signs in.
  await rowAction(page, victim.username, de.admin.enable);
  await expect(userRow(page, victim.username).getByText(de.admin.disabled, { exact: true })).toHaveCount(0);
  const res = await page.request.post('/api/login', {
    data: { username: victim.username, password: victim.password },
  });
  expect(res.status()).toBe(200);
});

test('admin creates an account, expires a password, sends a reset link and deletes with a new owner', async ({
  page,
}) => {
  const admin = await createUserWithEmail(page, 'verwalter', true);
  const leaving = await createUserWithEmail(page, 'geht');
  const heir = await createUserWithEmail(page, 'erbe');
  const surveyId = await createDialog(page, leaving.token, 'Erbstück');
  await signInAs(page, admin);
  await page.goto('/admin');

  const username = `angelegt_${Date.now().toString(36)}`;
  await page.getByRole('button', { name: de.admin.create }).click();
  const form = page.getByRole('dialog', { name: de.admin.createTitle });
  await form.getByLabel(de.admin.username).fill(username);
  await form.getByLabel(de.admin.firstName).fill('Neu');
  await form.getByLabel(de.admin.lastName).fill('Angelegt');
  await form.getByLabel(de.admin.emailOptional).fill('kaputt');
  await form.getByLabel(de.admin.password).fill('angelegt-12345');
  await form.getByRole('button', { name: de.admin.create }).click();
  await expect(form.getByText('Bitte gültige Email angeben')).toBeVisible();
  await form.getByLabel(de.admin.emailOptional).fill('');
  await form.getByRole('button', { name: de.admin.create }).click();
  await expect(page.getByText(de.admin.created.replace('{{username}}', username))).toBeVisible();
  await page.getByLabel(de.admin.search).fill(username);
  await expect(userRow(page, username)).toContainText('Neu Angelegt');

  await rowAction(page, leaving.username, de.admin.expirePassword);
  await expect(
    userRow(page, leaving.username).getByText(de.admin.passwordExpired, { exact: true }),
  ).toBeVisible();
  await rowAction(page, leaving.username, de.admin.sendResetLink);
  await expect(page.getByText(de.admin.resetSent.replace('{{username}}', leaving.username))).toBeVisible();

  // Deleting an account that owns a dialog needs the new owner first.
  await rowAction(page, leaving.username, de.admin.delete);
  const confirm = page.getByRole('dialog', { name: de.admin.deleteTitle });
  const deleteButton = confirm.getByRole('button', { name: de.admin.delete });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel(de.admin.transferTo).fill(heir.username);
  await page.getByRole('option', { name: new RegExp(heir.username) }).click();
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  await expect(page.getByText(de.admin.deleted.replace('{{username}}', leaving.username))).toBeVisible();
  await expect(userRow(page, leaving.username)).toHaveCount(0);

  const list = await callApi<{ users: AdminUser[] }>(page, admin.token, '/api/admin/list_users', {
    search: heir.username,
  });
  expect(list.users.find((u) => u.username === heir.username)?.owned_surveys).toBe(1);
  const dialog = await callApi<{ survey_name: string }>(page, heir.token, '/api/dialog', {
    survey_id: surveyId,
  });
  expect(dialog.survey_name).toBe('Erbstück');
});

test('a non-admin sees no account list and stays signed in', async ({ page }) => {
  const user = await createUserWithEmail(page, 'normal');
  await signInAs(page, user);
  await page.goto('/admin');
  await expect(page.getByText(de.admin.noAccess)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});
