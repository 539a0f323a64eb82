import { expect, type Page, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { createUser, expectSignedInScreen, signInWithForm } from './support.ts';

/** Info pages have a way back; no page reports a CSP violation (zod runs without new Function). */

test('Datenschutz and Impressum lead back', async ({ page }) => {
  await page.goto('/datenschutz');
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).not.toHaveURL(/datenschutz/);

  await page.goto('/login');
  await page.evaluate(() => window.history.pushState({ idx: 1 }, '', '/impressum'));
  await page.goto('/impressum');
  await expect(page.getByRole('button', { name: 'Zurück' })).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/impressum-${width}.png` });
    }
  }
});

/** Collects the page's CSP violations from its first script on. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(e.violatedDirective),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

test('the author and respondent pages report no CSP violation', async ({ page }) => {
  await watchViolations(page);
  for (const path of ['/login', '/flow']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  }
});

test('zod loaded later (the login check, a screen with schemas) reports no CSP violation either', async ({
  page,
}) => {
  const user = createUser();
  await watchViolations(page);
  await page.goto('/login');
  // The empty form's check fetches zod and the login's schema at the first submit.
  await page.getByRole('button', { name: de.login.submit }).click();
  await expect(page.getByText('darf nicht leer sein').first()).toBeVisible();
  await signInWithForm(page, user.username, user.password);
  await expectSignedInScreen(page, /\/dashboard/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Account })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});
