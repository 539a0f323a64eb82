import { expect, test } from '@playwright/test';
import { MESSAGES } from '../contract/errors.ts';
import { de } from '../web/i18n/de.ts';
import { signInWithForm } from './support.ts';
import { callApi, createUserWithEmail, mailedLink, signInAs } from './team-support.ts';

/** The e-mail flows and the settings screen (issue 5). */

test('reset password end to end: request by username, mailed link, new password, sign in', async ({
  page,
}) => {
  const user = await createUserWithEmail(page, 'vergessen');
  await page.goto('/login');
  await page.getByRole('link', { name: de.emailFlows.forgotPassword }).click();
  await expect(page).toHaveURL(/\/reset_password$/);
  await page.getByLabel(de.emailFlows.usernameOrEmail).fill(user.username);
  await page.getByRole('button', { name: de.emailFlows.requestReset }).click();
  await expect(page.getByRole('status')).toHaveText(de.emailFlows.resetRequested);

  // The same answer for an account that does not exist.
  await page.goto('/reset_password');
  await page.getByLabel(de.emailFlows.usernameOrEmail).fill('gibt_es_nicht@example.org');
  await page.getByRole('button', { name: de.emailFlows.requestReset }).click();
  await expect(page.getByRole('status')).toHaveText(de.emailFlows.resetRequested);

  const link = await mailedLink('password_reset', user.email);
  await page.goto(link);
  await page.getByLabel(de.emailFlows.newPassword).fill('kurz');
  await page.getByLabel(de.emailFlows.repeatPassword).fill('kurz');
  await page.getByRole('button', { name: de.emailFlows.setPassword }).click();
  await expect(page.getByText('mindestens 10 Zeichen', { exact: true })).toBeVisible();
  await page.getByLabel(de.emailFlows.newPassword).fill('neues-passwort-123');
  await page.getByLabel(de.emailFlows.repeatPassword).fill('neues-passwort-124');
  await page.getByRole('button', { name: de.emailFlows.setPassword }).click();
  await expect(page.getByText(de.emailFlows.passwordsDiffer)).toBeVisible();
  await page.getByLabel(de.emailFlows.repeatPassword).fill('neues-passwort-123');
  await page.getByRole('button', { name: de.emailFlows.setPassword }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(de.emailFlows.passwordReset);
  await signInWithForm(page, user.username, user.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await signInWithForm(page, user.username, 'neues-passwort-123');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel(de.emailFlows.newPassword).fill('noch-ein-passwort-1');
  await page.getByLabel(de.emailFlows.repeatPassword).fill('noch-ein-passwort-1');
  await page.getByRole('button', { name: de.emailFlows.setPassword }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/reset_password\?token=/);
});

test('an expired password (418) offers the way to /reset_password', async ({ page }) => {
  const admin = await createUserWithEmail(page, 'chef', true);
  const user = await createUserWithEmail(page, 'abgelaufen');
  const list = await callApi<{ users: { user_id: number; username: string }[] }>(
    page,
    admin.token,
    '/api/admin/list_users',
    {
      search: user.username,
    },
  );
  const id = list.users.find((u) => u.username === user.username)?.user_id;
  await callApi(page, admin.token, '/api/admin/expire_password', { user_id: id });
  await page.goto('/login');
  await signInWithForm(page, user.username, user.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginPasswordExpired);
  await page.getByRole('link', { name: de.emailFlows.resetPasswordLink }).click();
  await expect(page).toHaveURL(/\/reset_password$/);
});

test('settings: names, language, e-mail validation by link, password change, sign out everywhere', async ({
  page,
}) => {
  const user = await createUserWithEmail(page, 'konto');
  await signInAs(page, user);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Account })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  await expect(page.getByText(de.account.emailVerified)).toBeVisible();

  await page.getByLabel(de.account.firstName).fill('Konrad');
  await page.getByRole('button', { name: de.account.save }).click();
  await expect(page.getByText(de.account.saved)).toBeVisible();

  // A new address: validation link by mail, then it becomes the account's.
  const next = `neu.${user.email}`;
  await page.getByLabel(de.account.newEmail).fill('kaputt');
  await page.getByRole('button', { name: de.account.changeEmail }).click();
  await expect(page.getByText('Bitte gültige Email angeben')).toBeVisible();
  await page.getByLabel(de.account.newEmail).fill(next);
  await page.getByRole('button', { name: de.account.changeEmail }).click();
  await expect(page.getByRole('status')).toHaveText(de.account.validationSent.replace('{{email}}', next));
  await page.goto(await mailedLink('email_validation', next));
  await expect(page.getByRole('status')).toHaveText(de.emailFlows.validated.replace('{{email}}', next));
  await page.getByRole('link', { name: de.emailFlows.toAccount }).click();
  await expect(page.getByTestId('account-email')).toHaveText(next);

  // Password change keeps this browser signed in with the returned token pair.
  await page.getByLabel(de.account.currentPassword).fill(user.password);
  await page.getByLabel(de.emailFlows.newPassword).fill('konto-neu-12345');
  await page.getByLabel(de.emailFlows.repeatPassword).fill('konto-neu-12345');
  await page.getByRole('button', { name: de.account.changePassword }).click();
  await expect(page.getByText(de.account.passwordChanged)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(de.account.firstName)).toHaveValue('Konrad');

  // Language: English UI.
  await page.getByLabel(de.account.language).selectOption('en');
  await page.getByRole('button', { name: de.account.save }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Account })).toBeVisible();

  await page.getByRole('button', { name: de.account.logoutEverywhere }).click();
  await page.getByRole('dialog').getByRole('button', { name: de.account.logoutEverywhere }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.loggedOut);
});
