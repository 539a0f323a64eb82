import { appendFileSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  test,
} from '@playwright/test';
import type { ChatTurnResponse } from '../contract/chat.ts';
import { de } from '../web/i18n/de.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, sendText } from './chat-support.ts';
import { createUser, type E2eUser, seedAuthorSession } from './support.ts';
import { signInAs } from './team-support.ts';

/**
 * Accessibility (issue 25): every author screen and the respondent side, each in its loaded state,
 * audited by axe-core with the WCAG 2.1 A/AA rules; a critical or serious violation fails the screen.
 * AxeBuilder injects axe through Playwright's script evaluation, which the app's CSP (no inline
 * scripts) does not see. Each screen's counts are printed and appended to test-results/a11y-counts.jsonl.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Each screen is loaded and audited, some several: more time than the defaults on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const BLOCKING = new Set(['critical', 'serious']);

/** No finite CSS transition or animation still running (a fading popup would give false contrasts). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/** Colours as they end up: a state that changes during the audit (a button enabled) is not half-faded. */
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

async function audit(page: Page, screen: string): Promise<void> {
  await page.addStyleTag({ content: NO_TRANSITIONS });
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
  const counts = {
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
  };
  const details = violations.map(
    (v) =>
      `  ${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n')}`,
  );
  console.log(
    `[a11y] ${screen}: ${counts.critical} critical, ${counts.serious} serious (${counts.moderate} moderate, ${counts.minor} minor)` +
      (details.length ? `\n${details.join('\n')}` : ''),
  );
  mkdirSync('test-results', { recursive: true });
  appendFileSync(
    'test-results/a11y-counts.jsonl',
    `${JSON.stringify({ screen, ...counts, rules: violations.map((v) => `${v.impact}:${v.id}`) })}\n`,
  );
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect
    .soft(
      blocking.map((v) => `${v.id} (${v.nodes.length}): ${v.help}`),
      screen,
    )
    .toEqual([]);
}

async function post<T>(request: APIRequestContext, url: string, data: object, token?: string): Promise<T> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const res = await request.post(url, { data, headers });
  expect(res.ok(), `${url} ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** One live respondent through the chat API, giving these answers in order. */
async function respond(request: APIRequestContext, surveyId: string, answers: string[]): Promise<void> {
  const { token_live: token } = await post<{ token_live: string }>(request, '/api/register_live', {
    survey_id: surveyId,
  });
  let turn = await post<ChatTurnResponse>(request, '/api/chat/start', { survey_id: surveyId }, token);
  for (const answer of answers) {
    const input = turn.input;
    if (!input) return;
    turn = await post<ChatTurnResponse>(
      request,
      '/api/chat/answer',
      { survey_id: surveyId, unique_question_id: input.unique_question_id, turn: input.turn, answer },
      token,
    );
  }
}

const QUESTION = 'Was stört Sie am meisten?';

let dialog: E2eDialog;
let managerId: number;
let admin: E2eUser;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  dialog = await createDialog(request, [
    {
      type: 'open_text',
      context: QUESTION,
      short_name: 'Warum unzufrieden?',
      options: ['Preis', 'Qualität'],
    },
    {
      type: 'single_choice',
      context: 'Sind Sie zufrieden?',
      short_name: 'Zufrieden',
      options: ['Ja', 'Nein'],
    },
    { type: 'likert', context: 'Würden Sie uns empfehlen?', short_name: 'Empfehlung' },
  ]);
  const { token, surveyId, blockIds } = dialog;
  for (const [branch, text] of [
    ['Preis', 'Zu teuer'],
    ['Qualität', 'Schlecht verarbeitet'],
  ] as const) {
    await post(
      request,
      '/api/training/add_example',
      {
        survey_id: surveyId,
        unique_question_id: blockIds[0],
        branch,
        text,
      },
      token,
    );
  }
  await respond(request, surveyId, ['Zu teuer', 'Ja', 'Stimme voll zu']);
  await respond(request, surveyId, ['Geht so', 'Nein', 'Teils, teils']);
  await respond(request, surveyId, ['Alles gut', 'Ja']);
  await post(
    request,
    '/api/invite_user',
    { survey_id: surveyId, name: 'mitglied@example.org', new_role: 'train' },
    token,
  );
  const part = await post<{ survey_id: string }>(
    request,
    '/api/create_survey',
    { survey_name: 'Spielteil' },
    token,
  );
  ({ dialog_manager_id: managerId } = await post<{ dialog_manager_id: number }>(
    request,
    '/api/create_dialogmanager',
    { name: 'Krimi-Spiel', connected_surveys: [{ survey_id: part.survey_id, order: 1 }] },
    token,
  ));
  admin = createUser({ admin: true, firstName: 'Ada', lastName: 'Admin' });
});

async function asAuthor(page: Page, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: dialog.token,
    refresh_token: dialog.refreshToken,
  });
  if (theme === 'dark') await page.evaluate(() => localStorage.setItem('theme_mode', 'dark'));
}

/** The screen's main heading is there: the route guard passed and the screen rendered. */
async function opened(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The training screen with its examples and the training state (the button turns enabled then). */
async function trainingLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Preis', exact: true }).getByText('Zu teuer')).toBeVisible();
  const train = page.getByRole('region', { name: de.training.train });
  await expect(train.getByTestId('training-status')).toHaveText(de.training.status.needs_training);
  await expect(train.getByRole('button', { name: de.training.train })).toBeEnabled();
}

test.describe('author screens', () => {
  test('login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: de.login.submit })).toBeVisible();
    // The focused field shows its floating label in the primary colour.
    await page.getByLabel(de.login.username).focus();
    await audit(page, 'login');
  });

  test('reset password', async ({ page }) => {
    await page.goto('/reset_password');
    await expect(page.getByRole('button', { name: de.emailFlows.requestReset })).toBeVisible();
    await audit(page, 'reset password');
  });

  test('dashboard', async ({ page }) => {
    await asAuthor(page);
    await opened(page, '/dashboard', de.screens.Dashboard);
    await expect(page.getByRole('button', { name: 'Chat-E2E' })).toBeVisible();
    await audit(page, 'dashboard');
    await page.getByRole('button', { name: de.dashboard.create }).click();
    await expect(page.getByRole('dialog').getByLabel(de.dashboard.nameLabel)).toBeFocused();
    await audit(page, 'new dialog popup');
  });

  test('configurator list', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}`);
    await expect(page.getByRole('listitem').getByText(QUESTION)).toBeVisible();
    await audit(page, 'configurator list');
  });

  test('configurator block editor', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}`);
    await page
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: de.configurator.list.expand })
      .click();
    await expect(page.getByTestId('block-editor')).toBeVisible();
    await audit(page, 'configurator block editor');
  });

  test('configurator graph', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}?view=graph`);
    await expect(page.getByTestId(`rf__node-${dialog.blockIds[0]}`)).toBeVisible();
    await audit(page, 'configurator graph');
    await page.getByTestId(`rf__node-${dialog.blockIds[0]}`).click();
    await expect(page.getByRole('complementary', { name: de.configurator.graph.nodePanel })).toBeVisible();
    await audit(page, 'configurator graph node editor');
  });

  test('configurator settings', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}`);
    await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
    await expect(page.getByTestId('settings-panel')).toBeVisible();
    await audit(page, 'configurator settings');
  });

  test('configurator history', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}`);
    await page.getByRole('button', { name: de.configurator.toolbar.history }).click();
    await expect(page.getByRole('complementary', { name: de.configurator.toolbar.history })).toBeVisible();
    await audit(page, 'configurator history');
  });

  test('configurator versions and their diff', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/configurator/${dialog.surveyId}`);
    await page.getByRole('button', { name: de.configurator.toolbar.versions }).click();
    const panel = page.getByRole('complementary', { name: de.configurator.toolbar.versions });
    await expect(panel.getByTestId('version-row')).toHaveCount(1);
    await audit(page, 'configurator versions');
    await panel.getByRole('button', { name: 'Version 1 vergleichen' }).click();
    await expect(
      page.getByRole('dialog', { name: de.versions.diff.title }).getByText(de.versions.diff.same),
    ).toBeVisible();
    await audit(page, 'version diff popup');
  });

  test('training', async ({ page }) => {
    await asAuthor(page);
    await opened(page, `/intrance/${dialog.surveyId}`, de.screens.Intrance);
    await trainingLoaded(page);
    await audit(page, 'training');
  });

  test("training: 'Mehrere einfügen' with its check", async ({ page }) => {
    await asAuthor(page);
    await opened(page, `/intrance/${dialog.surveyId}`, de.screens.Intrance);
    await trainingLoaded(page);
    await page
      .getByRole('region', { name: 'Preis', exact: true })
      .getByRole('button', { name: de.training.pasteMany })
      .click();
    const popup = page.getByRole('dialog');
    await popup.getByLabel(de.training.importLines).fill('Zu teuer\nViel zu viel Geld');
    // A dry run: the report lists the repeat, nothing is saved.
    await popup.getByRole('button', { name: de.training.importCheck }).click();
    await expect(popup.getByTestId('import-report')).toBeVisible();
    await audit(page, 'training paste');
  });

  test('assess (Testen)', async ({ page }) => {
    await asAuthor(page);
    await page.goto(`/assess/${dialog.surveyId}`);
    await expect(chatLog(page).getByText(QUESTION)).toBeVisible();
    await audit(page, 'assess');
    await sendText(page, 'Viel zu teuer');
    await expect(page.getByRole('button', { name: de.assess.flag })).toBeVisible();
    await audit(page, 'assess answered');
  });

  test('share and the Team popup', async ({ page }) => {
    await asAuthor(page);
    await opened(page, `/share/${dialog.surveyId}`, de.screens.Share);
    await audit(page, 'share');
    await page.getByRole('banner').getByRole('button', { name: de.topBar.team }).click();
    const popup = page.getByRole('dialog', { name: de.share.title });
    await expect(popup.getByText('mitglied@example.org')).toBeVisible();
    await audit(page, 'team popup');
  });

  test('analytics', async ({ page }) => {
    await asAuthor(page);
    await opened(page, `/analyse/${dialog.surveyId}`, de.screens.Analyse);
    await expect(page.getByRole('region', { name: 'Zufrieden', exact: true })).toBeVisible();
    await audit(page, 'analytics');
    // Every chart's table shown on the page.
    for (const toggle of await page.getByRole('button', { name: de.analytics.chartTable }).all())
      await toggle.click();
    await audit(page, 'analytics tables');
  });

  test('managers', async ({ page }) => {
    await asAuthor(page);
    await opened(page, '/managers', de.screens.DialogManagers);
    await audit(page, 'managers');
    await page.goto(`/managers/${managerId}`);
    await expect(page.getByTestId('manager-id')).toHaveText(`Nr. ${managerId}`);
    await expect(page.getByText('Spielteil').first()).toBeVisible();
    await audit(page, 'manager');
  });

  test('account', async ({ page }) => {
    await asAuthor(page);
    await opened(page, '/account', de.screens.Account);
    await audit(page, 'account');
  });

  test('admin', async ({ page }) => {
    await signInAs(page, admin);
    await opened(page, '/admin', de.screens.Admin);
    await expect(page.locator('[data-testid="admin-user-row"]').first()).toBeVisible();
    await audit(page, 'admin');
  });

  test('user menu', async ({ page }) => {
    await asAuthor(page);
    await opened(page, '/dashboard', de.screens.Dashboard);
    await page.getByRole('banner').getByRole('button', { name: de.userMenu.open }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit(page, 'user menu');
  });
});

test.describe('author screens, dark theme', () => {
  test('dashboard, configurator, share, analytics', async ({ page }) => {
    await asAuthor(page, 'dark');
    await opened(page, '/dashboard', de.screens.Dashboard);
    await audit(page, 'dark dashboard');
    await page.goto(`/configurator/${dialog.surveyId}`);
    await expect(page.getByRole('listitem').getByText(QUESTION)).toBeVisible();
    await audit(page, 'dark configurator list');
    await opened(page, `/intrance/${dialog.surveyId}`, de.screens.Intrance);
    await trainingLoaded(page);
    await audit(page, 'dark training');
    await opened(page, `/share/${dialog.surveyId}`, de.screens.Share);
    await page.getByRole('banner').getByRole('button', { name: de.topBar.team }).click();
    await expect(page.getByRole('dialog', { name: de.share.title })).toBeVisible();
    await audit(page, 'dark team popup');
    await page.keyboard.press('Escape');
    await opened(page, `/analyse/${dialog.surveyId}`, de.screens.Analyse);
    await expect(page.getByRole('region', { name: 'Zufrieden', exact: true })).toBeVisible();
    await audit(page, 'dark analytics');
  });
});

/** A phone: the respondent side is used on one more often than not. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  return context.newPage();
}

test.describe('respondent side', () => {
  test('respondent chat on a phone', async ({ browser }) => {
    const page = await phone(browser);
    await page.goto(`/dialog/${dialog.surveyId}`);
    await expect(page.getByRole('button', { name: /^Dialog starten$/ })).toBeVisible();
    await audit(page, 'respondent consent');
    await giveConsent(page);
    await expect(chatLog(page).getByText(QUESTION)).toBeVisible();
    await audit(page, 'respondent chat');
    await page.context().close();
  });

  test('the /flow game on a phone', async ({ browser }) => {
    const page = await phone(browser);
    await page.goto('/flow');
    await expect(page.getByRole('button', { name: /^Spiel starten$/ })).toBeVisible();
    await audit(page, 'game consent');
    await giveConsent(page);
    await expect(chatLog(page).getByText(/Ich bin Kommissarin Berg/)).toBeVisible({ timeout: 20_000 });
    await audit(page, 'game chat');
    await page.context().close();
  });

  test('widget-only screen', async ({ page }) => {
    await page.goto(`/widget/${dialog.surveyId}`);
    await expect(page.getByRole('main')).toBeVisible();
    await audit(page, 'widget');
  });
});
