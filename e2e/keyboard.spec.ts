import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { createBlock, createDialog, serverDialog, signedIn } from './configurator-helpers.ts';
import { createUserWithEmail, type TeamUser } from './team-support.ts';

/**
 * The main author path by keyboard alone (issue 25): sign in, create a dialog, add two blocks, reorder
 * them, train the free-text block, start Testen and answer, share with a member, open Analyse. Only
 * keyboard.press and keyboard.type act on the page; locators only find the element to reach by Tab and
 * check what the author sees.
 */

const c = de.configurator;
/** Many steps, each a screen or chunk to load: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Whether the element has the keyboard focus. */
const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, as an author looks for it; fails when it is
 * not reached, so every control on the path is proven reachable. The reached control shows its focus.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await hasFocus(target)); i++) await page.keyboard.press(key);
  expect(await hasFocus(target), `${target} is reached by ${key}`).toBe(true);
  await expect(target).toBeFocused();
}

/** Presses Enter on the target, reached by Tab. */
async function activate(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, target, key);
  await page.keyboard.press('Enter');
}

/** Fills a field reached by Tab: select all, type. */
async function typeInto(page: Page, field: Locator, text: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, field, key);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Moves along a tab list by arrow keys to a tab and opens it. */
async function openModule(page: Page, name: string) {
  const tabs = page.getByRole('banner').getByRole('tab');
  await tabTo(page, tabs.and(page.locator('[aria-selected="true"]')));
  const target = page.getByRole('banner').getByRole('tab', { name });
  for (let i = 0; i < 6 && !(await hasFocus(target)); i++) await page.keyboard.press('ArrowRight');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

const EXAMPLES: Record<string, string[]> = {
  Preis: ['Zu teuer', 'Der Preis ist zu hoch', 'Viel zu viel Geld'],
  Qualität: ['Die Qualität ist schlecht', 'Ging schnell kaputt', 'Schlecht verarbeitet'],
};

let author: TeamUser;
let member: TeamUser;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  author = await createUserWithEmail(page, 'tastatur');
  member = await createUserWithEmail(page, 'mitglied');
  await page.close();
});

test('the main author path by keyboard alone', async ({ page }) => {
  test.setTimeout(300_000);

  // Sign in: the user name field has the focus when the login opens.
  await page.goto('/login');
  await expect(page.getByLabel(de.login.username)).toBeFocused();
  await page.keyboard.type(author.username);
  await typeInto(page, page.getByLabel(de.login.password), author.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Dashboard })).toBeVisible();

  // A new dialog from the dashboard: its name in the popup, Enter creates it.
  await activate(page, page.getByRole('button', { name: de.dashboard.create }));
  const nameField = page.getByRole('dialog').getByLabel(de.dashboard.nameLabel);
  await expect(nameField).toBeFocused();
  await page.keyboard.type('Tastatur-Dialog');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/configurator\//);
  const list = page.getByRole('list', { name: c.list.label });
  const rows = list.getByRole('listitem');

  // Two blocks from the type menu (arrow keys, Enter): a message, then a free-text question.
  const addBlock = page.getByRole('button', { name: c.toolbar.addBlock });
  await activate(page, addBlock);
  await expect(page.getByRole('menuitem', { name: c.types.message, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(addBlock).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: c.types.open_text, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  const question = rows.nth(1);
  await expect(question).toHaveAccessibleName(`#2 ${c.types.open_text}`);

  // Its text and two branches, each field saved when it is left.
  const editor = question.getByTestId('block-editor');
  await typeInto(
    page,
    editor.getByRole('textbox', { name: de.configurator.text.textLabel }).first(),
    'Was stört Sie am meisten?',
  );
  for (const [n, branch] of ['Preis', 'Qualität'].entries()) {
    await activate(page, editor.getByRole('button', { name: c.editor.addBranch }));
    const option = editor.getByRole('group', { name: c.editor.branch.replace('{{n}}', String(n + 1)) });
    await typeInto(
      page,
      option.getByRole('textbox', { name: c.editor.branch.replace('{{n}}', String(n + 1)) }),
      branch,
      'Shift+Tab',
    );
    await page.keyboard.press('Tab');
  }
  await expect(editor.getByRole('textbox', { name: c.editor.branch.replace('{{n}}', '2') })).toHaveValue(
    'Qualität',
  );

  // Reordered: the free-text question moves up; the focus stays on the row's move buttons.
  const rowActions = (row: Locator) => row.getByRole('toolbar', { name: c.list.actions });
  await activate(page, rowActions(question).getByRole('button', { name: c.list.moveUp }), 'Shift+Tab');
  await expect(rows.first()).toHaveAccessibleName(`#1 ${c.types.open_text}`);
  await expect(rowActions(rows.first()).getByRole('button', { name: c.list.moveDown })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: c.toolbar.saved })).toBeVisible();

  // Trainieren: the module tab by arrow keys; three examples per branch, Enter adds each; then train.
  await openModule(page, de.tabs.training);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Intrance })).toBeVisible();
  for (const [branch, texts] of Object.entries(EXAMPLES)) {
    const card = page.getByRole('region', { name: branch, exact: true });
    const field = card.getByLabel(de.training.newExample.replace('{{label}}', branch));
    await tabTo(page, field);
    for (const text of texts) {
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await expect(card.getByRole('list').getByText(text, { exact: true })).toBeVisible();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
    }
  }
  const trainPanel = page.getByRole('region', { name: de.training.train });
  await activate(page, trainPanel.getByRole('button', { name: de.training.train }));
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.done, {
    timeout: 60_000,
  });

  // Testen: the question comes; the answer is typed and sent with Enter.
  await openModule(page, de.tabs.assess);
  const log = page.getByRole('log');
  await expect(log.getByText('Was stört Sie am meisten?')).toBeVisible();
  const answer = page.getByLabel('Ihre Antwort', { exact: true });
  await tabTo(page, answer);
  await page.keyboard.type('Viel zu teuer für das Geld');
  await page.keyboard.press('Enter');
  await expect(log.getByText('Viel zu teuer für das Geld')).toBeVisible();

  // Teilen: the Team popup; the member's address, a role from the select, Einladen.
  await openModule(page, de.tabs.share);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Share })).toBeVisible();
  const teamButton = page.getByRole('banner').getByRole('button', { name: de.topBar.team });
  await activate(page, teamButton);
  const popup = page.getByRole('dialog', { name: de.share.title });
  await expect(popup).toBeVisible();
  await typeInto(page, popup.getByLabel(de.share.email), member.email);
  await tabTo(page, popup.getByRole('combobox', { name: de.share.role }));
  await page.keyboard.press('ArrowDown');
  const role = page.getByRole('option', { name: de.share.roles.analyse, exact: true });
  for (let i = 0; i < 6 && !(await hasFocus(role)); i++) await page.keyboard.press('ArrowDown');
  await expect(role).toBeFocused();
  await page.keyboard.press('Enter');
  await activate(page, popup.getByRole('button', { name: de.share.invite }));
  const row = popup.locator(`[data-testid="member-row"][data-member="${member.email}"]`);
  await expect(row).toContainText(de.share.roles.analyse);
  // Escape closes the popup and gives the focus back to the Team button.
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(teamButton).toBeFocused();

  // Analyse: the screen with the test answer's figures.
  await openModule(page, de.tabs.analyse);
  await expect(page).toHaveURL(/\/analyse\//);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Analyse })).toBeVisible();
});

test('the graph by keyboard: from node to node, the editor, a jump chosen from its menu', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const g = c.graph;
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Graph per Tastatur');
  const [first, second, third] = [
    await createBlock(page, session, surveyId, 'message'),
    await createBlock(page, session, surveyId, 'message'),
    await createBlock(page, session, surveyId, 'message'),
  ];
  await page.goto(`/configurator/${surveyId}?view=graph`);
  const node = (id: string) => page.getByTestId(`rf__node-${id}`);
  await expect(node(third)).toBeVisible();

  // Tab goes from the start through the blocks in their order; each node is named for screen readers.
  await tabTo(page, node(`start_node_${surveyId}`));
  await tabTo(page, node(first));
  await tabTo(page, node(second));
  await expect(node(second)).toHaveAccessibleName(/^#2 /);
  // Enter selects the block: its editor opens beside the graph.
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: g.nodePanel });
  await expect(panel).toContainText(`#2 · ${c.types.message}`);

  // The arrow keys move the selected block, and its new place is saved.
  const before = (await serverDialog(page, session, surveyId)).all_questions[1]!.position;
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await serverDialog(page, session, surveyId)).all_questions[1]!.position)
    .not.toEqual(before);

  // The connection is made from the editor's menu, not by drawing: #2 goes back to #1.
  const jump = panel.getByRole('combobox', { name: c.editor.jumpToQuestion });
  await tabTo(page, jump);
  await page.keyboard.press('ArrowDown');
  await expect(jump.locator('option:checked')).toHaveText(/^#1\b/);
  await expect(page.getByTestId(`rf__edge-jump:${second}`)).toHaveCount(1);
  await expect(page.getByTestId(`rf__edge-jump:${second}`)).toHaveAccessibleName(
    /^Verbindung von #2 .* nach #1 /,
  );

  // Escape on the node again clears the selection, and the editor closes.
  await tabTo(page, node(second), 'Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // A toolbar panel takes the focus when it opens and gives it back to its button when it closes.
  const settingsButton = page.getByRole('button', { name: c.toolbar.settings });
  await activate(page, settingsButton, 'Shift+Tab');
  const settings = page.getByRole('complementary', { name: c.toolbar.settings });
  await expect(settings.getByRole('heading', { name: c.toolbar.settings })).toBeFocused();
  await activate(page, settings.getByRole('button', { name: c.toolbar.closePanel }));
  await expect(settings).toHaveCount(0);
  await expect(settingsButton).toBeFocused();
});
