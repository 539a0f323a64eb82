import { expect, type Page, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { createDialog, type E2eDialog, respond } from './chat-support.ts';
import { authorPost, seedAuthorSession } from './support.ts';

/**
 * What a phone (390 px) and a laptop (1366 px) show of the author's screens where texts are long: the
 * selected module tab, free-text answers and the page buttons in Analyse, a member's role, and the
 * sentences around a secret shown once, and its copy button.
 */

const PHONE = { width: 390, height: 844 };
const ANSWER = 'Die Kollegen streiten dauernd';

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [{ type: 'open_text', context: 'Was stört Sie?' }]);
  // One more than a page of answers, so the answers table has a second page.
  for (let i = 0; i < 11; i++) await respond(request, dialog.surveyId, [ANSWER]);
});

async function signIn(page: Page) {
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: dialog.token,
    refresh_token: dialog.refreshToken,
  });
}

/** How far the element's box reaches past the right edge of the box of its container (<= 0: inside). */
const pastRight = (page: Page, selector: string, container: string) =>
  page.evaluate(
    ({ sel, box }) => {
      const el = document.querySelector(sel);
      const outer = el?.closest(box);
      if (!el || !outer) return Number.NaN;
      return el.getBoundingClientRect().right - outer.getBoundingClientRect().right;
    },
    { sel: selector, box: container },
  );

test('on a phone the module tab bar shows the selected tab', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  for (const [path, tab] of [
    [`/share/${dialog.surveyId}`, de.tabs.share],
    [`/analyse/${dialog.surveyId}`, de.tabs.analyse],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expect
      .poll(() => pastRight(page, '[role="tab"][aria-selected="true"]', '.MuiTabs-scroller'))
      .toBeLessThanOrEqual(1);
  }
});

test('Analyse on a phone: free-text answers keep their words whole and the page buttons on screen', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto(`/analyse/${dialog.surveyId}`);
  const answers = page.getByRole('table', { name: de.analytics.answers.value });
  const cell = answers.getByRole('cell', { name: ANSWER }).first();
  await expect(cell).toBeVisible();
  // Squeezed, the cell broke every word ('Kollege|n'): it keeps at least the width of a few words.
  expect((await cell.boundingBox())?.width).toBeGreaterThanOrEqual(150);

  const next = page.getByRole('button', { name: 'Zur nächsten Seite' }).first();
  await next.scrollIntoViewIfNeeded();
  const box = await next.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await next.click();
  await expect(page.getByText('11–11 von 11').first()).toBeVisible();
});

test("a member's role is shown whole in the team list", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await authorPost(request, dialog.token, '/api/invite_user', {
    survey_id: dialog.surveyId,
    name: 'lange.rolle@example.org',
    new_role: 'edit_train',
  });
  await signIn(page);
  await page.goto(`/share/${dialog.surveyId}`);
  const role = page
    .getByRole('main')
    .getByTestId('member-row')
    .filter({ hasText: 'lange.rolle@example.org' })
    .getByRole('combobox');
  // The member list loads after the screen; on a busy machine that may take a while.
  await expect(role).toHaveText(de.share.roles.edit_train, { timeout: 15_000 });
  // Not cut to 'Bearbeiten + Trai…'.
  expect(await role.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

/** The alert's sentence wraps between words; only the secret itself may break anywhere. */
async function expectSentenceWrapsAtWords(page: Page, sentence: string) {
  const message = page.getByRole('alert').filter({ hasText: sentence });
  await expect(message).toBeVisible();
  const breaks = await message.locator('.MuiAlert-message').evaluate((el) => ({
    sentence: getComputedStyle(el).wordBreak,
    secret: getComputedStyle(el.querySelector('code') as Element).wordBreak,
  }));
  expect(breaks).toEqual({ sentence: 'normal', secret: 'break-all' });
}

/** The alert's button puts the secret it shows on the clipboard. */
async function expectCopied(page: Page, sentence: string, button: string) {
  const message = page.getByRole('alert').filter({ hasText: sentence });
  const secret = await message.locator('code').innerText();
  expect(secret.length).toBeGreaterThan(20);
  await message.getByRole('button', { name: button }).click();
  await expect(page.getByText(de.share.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
}

test('a secret shown once breaks anywhere, the sentence around it only between words; its button copies it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto('/account');
  await page.getByLabel(de.apiKeys.name, { exact: true }).fill('Skript');
  await page.getByRole('button', { name: de.apiKeys.create }).click();
  await expectSentenceWrapsAtWords(page, de.apiKeys.created);
  await expectCopied(page, de.apiKeys.created, de.apiKeys.copy);
  // The new key's row: its revoke button beside the key's texts, not over them.
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Skript' });
  const text = await row.locator('.MuiListItemText-root').boundingBox();
  const revoke = await row.getByRole('button', { name: de.apiKeys.revoke }).boundingBox();
  expect(text!.x + text!.width).toBeLessThanOrEqual(revoke!.x);

  await page.goto(`/configurator/${dialog.surveyId}?panel=settings`);
  const settings = page.getByTestId('settings-panel');
  await settings.getByLabel(de.webhooks.url).fill('https://example.org/hook');
  await settings.getByRole('button', { name: de.webhooks.add }).click();
  await expectSentenceWrapsAtWords(page, de.webhooks.secretOnce);
  await expectCopied(page, de.webhooks.secretOnce, de.webhooks.copySecret);
});
