import { expect, test } from '@playwright/test';
import { ERROR_TITLES, MESSAGES } from '../contract/errors.ts';
import { de } from '../web/i18n/de.ts';
import { createUser, type E2eUser, expectSignedInScreen, signInWithForm } from './support.ts';

/** The login screen of SPEC §5 and §8: success and every failure message. */

let user: E2eUser;
test.beforeAll(() => {
  user = createUser({ firstName: 'Erika', lastName: 'Mustermann' });
});

test('signing in opens the dashboard with the initials in the user menu', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: de.login.title })).toBeVisible();

  await signInWithForm(page, user.username, user.password);

  await expectSignedInScreen(page, /\/dashboard$/);
  await expect(page.getByRole('button', { name: de.userMenu.open })).toHaveText('EM');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refresh: localStorage.getItem('refresh_token'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.refresh).toBeTruthy();
});

test('wrong credentials show Invalid credentials; the right password then signs in', async ({ page }) => {
  await page.goto('/login');
  const alert = page.getByRole('alert');
  const answered = () => page.waitForResponse('**/api/login');

  for (const [username, password] of [
    ['e2e_nobody_here', 'whatever-password'],
    [user.username, 'not-the-password'],
  ] as const) {
    const response = answered();
    await signInWithForm(page, username, password);
    expect((await response).status()).toBe(401);
    await expect(alert).toHaveText(MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
  }

  await signInWithForm(page, user.username, user.password);
  await expectSignedInScreen(page, /\/dashboard$/);
});

// 418 needs a password older than PASSWORD_MAX_AGE_DAYS and 429 hundreds of failures against the
// e2e server's limits, so the server's real status and body (server/auth/service.ts, covered by
// server/routes/auth.test.ts) are played back here; 'no response' is a refused connection.
test('418, 429 and no response show their SPEC §8 messages', async ({ page }) => {
  type Answer = { status: number; title: string; msg: string } | 'no-response';
  let answer: Answer = 'no-response';
  await page.route('**/api/login', (route) =>
    answer === 'no-response'
      ? route.abort('connectionrefused')
      : route.fulfill({ status: answer.status, json: { title: answer.title, msg: answer.msg } }),
  );
  await page.goto('/login');
  const alert = page.getByRole('alert');
  const cases: { name: string; answer: Answer; shown: string }[] = [
    {
      name: '418 password expired',
      answer: { status: 418, title: ERROR_TITLES.passwordExpired, msg: MESSAGES.loginPasswordExpired },
      shown: MESSAGES.loginPasswordExpired,
    },
    {
      name: '429 too many attempts',
      answer: { status: 429, title: ERROR_TITLES.tooManyAttempts, msg: MESSAGES.loginTooManyAttempts },
      shown: MESSAGES.loginTooManyAttempts,
    },
    { name: 'no response', answer: 'no-response', shown: MESSAGES.loginNoResponse },
  ];
  for (const c of cases) {
    await test.step(c.name, async () => {
      answer = c.answer;
      await signInWithForm(page, user.username, user.password);
      await expect(alert).toHaveText(c.shown);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

// The login is the first page of most visits: its download is the author entry and the sign-in page
// (scripts/web-bundle-size.mjs counts the same); the app's chunk comes with the first other route.
test('the login page loads the whole app only when it is left', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const appChunk = () => scripts.filter((path) => /\/author-app-[\w-]+\.js$/.test(path));

  await page.goto('/login');
  await expect(page.getByRole('button', { name: de.login.submit })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(appChunk()).toEqual([]);

  await signInWithForm(page, user.username, user.password);
  await expectSignedInScreen(page, /\/dashboard$/);
  expect(appChunk()).toHaveLength(1);
});
