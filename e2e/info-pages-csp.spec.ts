import { expect, test } from '@playwright/test';

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

test('the author and respondent pages report no CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(e.violatedDirective),
    );
  });
  for (const path of ['/login', '/flow']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  }
});
