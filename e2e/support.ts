import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { userCreateArgs } from '../server/test/cli-args.ts';
import { de } from '../web/i18n/de.ts';

/** The DATA_DIR of the server that playwright.config.ts started. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
}

/** Runs the real CLI against the e2e server's database. */
export function cli(...args: string[]): string {
  return execFileSync('node', ['dist/server/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

export interface E2eUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a fresh author account through the CLI. */
export function createUser(overrides: Partial<E2eUser> & { admin?: boolean } = {}): E2eUser {
  const user: E2eUser = {
    username: overrides.username ?? `e2e_${randomBytes(4).toString('hex')}`,
    password: overrides.password ?? 'e2e-password-123',
    firstName: overrides.firstName ?? 'Erika',
    lastName: overrides.lastName ?? 'Mustermann',
  };
  cli(...userCreateArgs({ ...user, admin: overrides.admin }));
  return user;
}

export interface AuthorTokens {
  token: string;
  refresh_token: string;
  firstName: string;
  lastName: string;
  user_id: number;
}

/** Signs in through POST /api/login (for tests whose subject is not the login screen). */
export async function apiLogin(request: APIRequestContext, user: E2eUser): Promise<AuthorTokens> {
  const res = await request.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as AuthorTokens;
}

/**
 * Writes localStorage of the app's origin before the app starts, as an earlier visit would have left
 * it. Opens a cheap same-origin JSON endpoint for that, so the app itself has not read storage yet.
 */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((e) => {
    for (const [key, value] of Object.entries(e)) localStorage.setItem(key, value);
  }, entries);
}

/** A stored author session under the keys the app reads on start (web/state/storage.ts). */
export function seedAuthorSession(
  page: Page,
  session: { username: string; token: string; refresh_token?: string },
): Promise<void> {
  const { username, token, refresh_token } = session;
  return seedStorage(page, { username, token, ...(refresh_token ? { refresh_token } : {}) });
}

/** The login form, found as a person finds it: by its labels and the button. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(de.login.username).fill(username);
  await page.getByLabel(de.login.password).fill(password);
  await page.getByRole('button', { name: de.login.submit }).click();
}

/**
 * A screen behind the route guard has opened: the URL, the screen's main heading (only rendered once the
 * guard passed) and the author top bar's user menu. Independent of the heading's wording, which each
 * screen's own issue decides.
 */
export async function expectSignedInScreen(page: Page, path: RegExp): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(de.guard.verifying)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: de.userMenu.open })).toBeVisible();
}

/** '#5ABAB2' -> 'rgb(90, 186, 178)', the form getComputedStyle reports. */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** POST as an author through the test's request context; the call must answer 200: its body. */
export async function authorPost(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  return res.json();
}

/**
 * A new author's dialog with the block the training specs train: an open question whose answers branch
 * to 'Preis' or 'Qualität'. The author's tokens, the dialog and the block's id.
 */
export async function branchingDialog(request: APIRequestContext, surveyName: string, shortName: string) {
  const user = createUser();
  const { token, refresh_token } = await apiLogin(request, user);
  const { survey_id: surveyId } = await authorPost(request, token, '/api/create_survey', {
    survey_name: surveyName,
  });
  const { unique_question_id: qid } = await authorPost(request, token, '/api/update_survey_blocks', {
    survey_id: surveyId,
    action: 'create',
    type: 'open_text',
  });
  const fields = {
    context: 'Was stört Sie am meisten?',
    short_name: shortName,
    options: ['Preis', 'Qualität'],
  };
  for (const [key, value] of Object.entries(fields)) {
    await authorPost(request, token, '/api/update_survey_blocks', {
      survey_id: surveyId,
      action: 'update',
      unique_question_id: qid,
      changed_values: { [key]: value },
    });
  }
  return { user, token, refresh_token, surveyId: surveyId as string, qid: qid as string };
}

/** Full-page screenshots at desktop and phone size, for looking at before a commit (SHOTS_DIR). */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [w, h] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${dir}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Screenshots of a part of the page at desktop and phone size, scrolled into view (none without dir). */
export async function partScreenshots(page: Page, part: Locator, name: string, dir: string | undefined) {
  if (!dir) return;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
