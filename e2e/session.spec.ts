import { expect, type Page, test } from '@playwright/test';
import { ERROR_TITLES, MESSAGES } from '../contract/errors.ts';
import { de } from '../web/i18n/de.ts';
import {
  apiLogin,
  createUser,
  type E2eUser,
  expectSignedInScreen,
  seedAuthorSession,
  seedStorage,
  signInWithForm,
} from './support.ts';

/** Route guard, re-login and logout (SPEC §2, §4, §5, §8). */

const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refresh_token: localStorage.getItem('refresh_token'),
  }));

const loginHeading = (page: Page) => page.getByRole('heading', { name: de.login.title, level: 1 });

let user: E2eUser;
test.beforeAll(() => {
  user = createUser();
});

test.describe('route guard', () => {
  test('a protected route without a token goes to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/configurator/x']) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(loginHeading(page)).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
      });
    }
  });

  test('a stored but invalid token ends on /login with the logged-out message', async ({ page }) => {
    await seedAuthorSession(page, { username: 'e2e_someone', token: 'not-a-valid-token' });
    await page.goto('/dashboard');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loggedOut);
    expect(await storedTokens(page)).toEqual({ token: null, refresh_token: null });
  });

  // An access token that really expired needs the clock to move; the server's answer for it
  // (server/auth/tokens.ts) is played back, and with no refresh token left the session ends.
  test('an expired token without a refresh token ends with the automatic-logout message', async ({
    page,
  }) => {
    await page.route('**/api/verify-token', (route) =>
      route.fulfill({ status: 401, json: { title: ERROR_TITLES.tokenExpired, msg: MESSAGES.tokenExpired } }),
    );
    await seedAuthorSession(page, { username: user.username, token: 'an-expired-token' });
    await page.goto('/dashboard');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.tokenExpired);
    expect(await storedTokens(page)).toEqual({ token: null, refresh_token: null });
  });

  test('with a valid stored token a protected route opens and /login goes to /dashboard', async ({
    page,
    request,
  }) => {
    const tokens = await apiLogin(request, user);
    await seedAuthorSession(page, { username: user.username, ...tokens });

    await page.goto('/account');
    await expectSignedInScreen(page, /\/account$/);

    await page.goto('/login');
    await expectSignedInScreen(page, /\/dashboard$/);
  });

  test('an unknown path shows the login screen', async ({ page }) => {
    await page.goto('/irgendwas');
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: de.login.submit })).toBeVisible();
    await expect(page).toHaveURL(/\/irgendwas$/);
  });

  // web/api/client.ts: a 401 refreshes once with the refresh token and retries the call.
  test('an invalid access token with a valid refresh token is renewed silently', async ({
    page,
    request,
  }) => {
    const tokens = await apiLogin(request, user);
    await seedAuthorSession(page, {
      username: user.username,
      token: 'expired-or-broken',
      refresh_token: tokens.refresh_token,
    });
    await page.goto('/dashboard');

    await expectSignedInScreen(page, /\/dashboard$/);
    const after = await storedTokens(page);
    expect(after.token).toBeTruthy();
    expect(after.token).not.toBe('expired-or-broken');
    // Refresh tokens rotate on every use.
    expect(after.refresh_token).toBeTruthy();
    expect(after.refresh_token).not.toBe(tokens.refresh_token);
  });
});

test.describe('/login_refresh', () => {
  test('without a stored route it says Bitte anmelden.', async ({ page }) => {
    await page.goto('/login_refresh');
    await expect(page.getByRole('heading', { name: de.login.refreshTitle, level: 1 })).toBeVisible();
    await expect(page.getByText(MESSAGES.pleaseLogin, { exact: true })).toBeVisible();
  });

  test('with a stored route, signing in returns to it', async ({ page }) => {
    // Stored the way the author client does on 'Fresh token required' (web/state/auth.ts storeReturn).
    await seedStorage(page, {
      stored_route: '/account?tab=profil',
      stored_config: JSON.stringify({ method: 'POST', path: '/api/verify-token' }),
    });
    await page.goto('/login_refresh');
    await expect(page.getByRole('heading', { name: de.login.refreshTitle, level: 1 })).toBeVisible();
    await expect(page.getByText(de.login.refreshHint)).toBeVisible();
    await expect(page.getByText(MESSAGES.pleaseLogin, { exact: true })).toHaveCount(0);

    await signInWithForm(page, user.username, user.password);

    await expectSignedInScreen(page, /\/account\?tab=profil$/);
    const leftover = await page.evaluate(() => [
      localStorage.getItem('stored_route'),
      localStorage.getItem('stored_config'),
    ]);
    expect(leftover).toEqual([null, null]);
  });
});

test('logout from the user menu returns to /login and ends the session', async ({ page, request }) => {
  await page.goto('/login');
  await signInWithForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { refresh_token } = await storedTokens(page);
  expect(refresh_token).toBeTruthy();

  await page.getByRole('button', { name: de.userMenu.open }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(loginHeading(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.loggedOut);
  expect(await storedTokens(page)).toEqual({ token: null, refresh_token: null });

  // The server revoked the refresh token, and a reload does not open the dashboard again.
  const res = await request.post('/api/refresh', { data: { refresh_token } });
  expect(res.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
