import { expect, type Locator, type Page, test } from '@playwright/test';
import { DARK_COLORS, LIGHT_COLORS } from '../contract/constants.ts';
import { de } from '../web/i18n/de.ts';
import { createUser, type E2eUser, hexToRgb, signInWithForm } from './support.ts';

/** The app shell: theme colours (SPEC §9), top bar visibility (SPEC §2), info pages. */

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
/** The top bar is the page's banner landmark (the app bar's <header>). */
const topBar = (page: Page) => page.getByRole('banner');

let user: E2eUser;
test.beforeAll(() => {
  user = createUser({ firstName: 'Theo', lastName: 'Farbe' });
});

test.describe('theme colours', () => {
  test('the light theme uses the colours of SPEC §9, the dark theme replaces them', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: de.login.submit });
    await expect(submit).toBeVisible();
    expect(await background(submit)).toBe(hexToRgb(LIGHT_COLORS.primary));

    await signInWithForm(page, user.username, 'wrong-password');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    // MUI's standard alert shows the error colour on its icon.
    const iconColour = await alert
      .locator('svg')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(iconColour).toBe(hexToRgb(LIGHT_COLORS.error));

    await signInWithForm(page, user.username, user.password);
    const avatarButton = page.getByRole('button', { name: de.userMenu.open });
    await expect(avatarButton).toHaveText('TF');
    const avatar = avatarButton.getByText('TF');
    expect(await background(avatar)).toBe(hexToRgb(LIGHT_COLORS.primary));

    await avatarButton.click();
    const darkSwitch = page.getByRole('switch', { name: de.userMenu.darkMode });
    await expect(darkSwitch).not.toBeChecked();
    await page.getByRole('menuitem', { name: de.userMenu.darkMode }).click();
    await expect(darkSwitch).toBeChecked();
    // The open menu hides the page from the accessibility tree; close it to see the avatar again.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect.poll(() => background(avatar)).toBe(hexToRgb(DARK_COLORS.primary));

    // The choice is remembered, and the login button follows it too.
    await avatarButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const darkSubmit = page.getByRole('button', { name: de.login.submit });
    await expect(darkSubmit).toBeVisible();
    expect(await background(darkSubmit)).toBe(hexToRgb(DARK_COLORS.primary));
  });
});

test.describe('top bar', () => {
  // The heading proves the screen rendered where the shell owns the screen; for screens owned by other
  // issues (privacy, e-mail flows, widget, games) the page's main landmark, which the app shell renders
  // together with its top-bar decision, is the signal, so their wording can change freely.
  const hidden: { route: string; path: string; heading?: string }[] = [
    { route: 'Login', path: '/login', heading: de.login.title },
    { route: 'Datenschutz', path: '/datenschutz', heading: 'Datenschutzerklärung' },
    { route: 'Privacy', path: '/privacy/x' },
    { route: 'Magic_link', path: '/magic_link', heading: de.magicLink.title },
    { route: 'E-Mail_Validation', path: '/email_validation' },
    { route: 'E-Mail_Reset_Password', path: '/reset_password' },
    { route: 'Login_Refresh', path: '/login_refresh', heading: de.login.refreshTitle },
    { route: 'Widget_Only', path: '/widget/x' },
    { route: 'Multichat_flow', path: '/flow' },
    { route: 'Multichat_aufderflucht', path: '/aufderflucht' },
    { route: 'Multichat_live', path: '/multi_live/3' },
  ];
  test('is not shown on the routes SPEC §2 lists', async ({ page }) => {
    for (const { route, path, heading } of hidden) {
      await test.step(`${route} (${path})`, async () => {
        await page.goto(path);
        const main = page.getByRole('main');
        await expect(main).toBeVisible();
        if (heading) await expect(main.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(topBar(page)).toHaveCount(0);
        // Not even a placeholder while a top bar loads: the content starts at the very top.
        expect((await main.boundingBox())?.y).toBe(0);
      });
    }
  });

  test('is shown on Impressum, with the user menu offering Login', async ({ page }) => {
    await page.goto('/impressum');
    await expect(topBar(page)).toBeVisible();
    await topBar(page).getByRole('button', { name: de.userMenu.open }).click();
    await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
  });

  test('is shown on the Dashboard with the user menu entries of SPEC §2, and after it on Impressum', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInWithForm(page, user.username, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(topBar(page)).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: de.nav.toDashboard })).toBeVisible();

    await topBar(page).getByRole('button', { name: de.userMenu.open }).click();
    // 'Admin' is listed because the e2e server runs on 127.0.0.1 (localhost only, SPEC §2).
    for (const entry of [
      'Einstellungen',
      'Hilfe Center',
      'Datenschutz',
      'Impressum',
      'AGBs',
      'Admin',
      'Logout',
    ]) {
      await expect(page.getByRole('menuitem', { name: entry })).toBeVisible();
    }
    await expect(page.getByRole('menuitem', { name: 'Login' })).toHaveCount(0);

    // Impressum, reached through the menu, keeps the top bar.
    await page.getByRole('menuitem', { name: 'Impressum' }).click();
    await expect(page).toHaveURL(/\/impressum$/);
    await expect(page.getByRole('heading', { name: 'Impressum', level: 1 })).toBeVisible();
    await expect(topBar(page)).toBeVisible();
  });
});

test.describe('info pages', () => {
  test('/impressum and /datenschutz show their German heading from /api/pages', async ({ page, request }) => {
    for (const [path, german] of [
      ['/impressum', /^Impressum/],
      ['/datenschutz', /^Datenschutz/],
    ] as const) {
      await test.step(path, async () => {
        const res = await request.get(`/api/pages${path}`);
        expect(res.status()).toBe(200);
        const { title } = (await res.json()) as { title: string };
        expect(title).toMatch(german);

        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        // The body below the title is rendered too (the default pages have sections).
        await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
      });
    }
  });
});
