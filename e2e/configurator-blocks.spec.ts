import { expect, type Locator, type Page, test } from '@playwright/test';
import { BLOCK_TYPE_LABELS, BLOCK_TYPES } from '../contract/blocks.ts';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import {
  createBlock,
  createDialog,
  png,
  type Session,
  serverDialog,
  signedIn,
} from './configurator-helpers.ts';

/** The configurator's list (issue 3): every block type, text content, order, delete, undo and redo. */

const c = de.configurator;
const ids = (d: Dialog) => d.all_questions.map((b) => b.unique_question_id);
const rows = (page: Page) => page.getByTestId('block-row');
/** The action bar of a row (its bubbles have move and remove buttons of their own). */
const actions = (row: Locator) => row.getByRole('toolbar', { name: c.list.actions });

/** Polls the server until check passes: optimistic writes reach it a moment after the screen changes. */
async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

test('one block of each type, text with media, a variable and a delay, reorder, delete, undo and redo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Alle Blocktypen');
  await page.goto(`/configurator/${surveyId}`);
  await expect(page.getByText(c.list.empty)).toBeVisible();

  // An image to use in a text.
  await page.getByRole('button', { name: c.toolbar.media }).click();
  await page.getByTestId('media-file-input').setInputFiles({
    name: 'bild.png',
    mimeType: 'image/png',
    buffer: png([200, 40, 40]),
  });
  await expect(page.getByTestId('media-item')).toHaveCount(1);
  await page.getByRole('button', { name: c.toolbar.closePanel }).click();

  for (const [i, type] of BLOCK_TYPES.entries()) {
    await page.getByRole('button', { name: c.toolbar.addBlock }).click();
    await page.getByRole('menuitem', { name: BLOCK_TYPE_LABELS[type], exact: true }).click();
    await expect(rows(page)).toHaveCount(i + 1);
  }
  let dialog = await serverDialog(page, session, surveyId);
  expect(dialog.all_questions.map((b) => b.type)).toEqual([...BLOCK_TYPES]);
  const [message, openText] = ids(dialog);
  const filename = (await page.request
    .post('/api/get_media_list', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { survey_id: surveyId },
    })
    .then((r) => r.json())) as { media_files: { filename_db: string }[] };
  const image = filename.media_files[0]!.filename_db;

  // A variable on the free-text block, used as a chip in the message.
  const second = rows(page).nth(1);
  await second.getByLabel(c.editor.variable, { exact: true }).fill('name');
  await second.getByLabel(c.editor.variable, { exact: true }).press('Tab');
  await expectServer(page, session, surveyId, (d) => expect(d.all_questions[1]!.variable).toBe('name'));

  const first = rows(page).first();
  const text = first.getByRole('group', { name: c.editor.context, exact: true });
  const bubble = text.getByLabel(c.text.textLabel, { exact: true });
  await bubble.click();
  await bubble.press('End');
  await text.getByRole('button', { name: c.text.insertVariable }).click();
  await page.getByRole('menuitem', { name: '{{name}}' }).click();
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[0]!.context).toBe('Neue Nachricht{{name}}'),
  );
  await expect(first.locator('[data-variable="name"]').first()).toBeVisible();

  // An uploaded image as the second bubble, a pause of 1.5 s as the third.
  await text.getByRole('button', { name: c.text.kinds.image, exact: true }).click();
  const imageBubble = text.getByRole('group', { name: 'Blase 2: Bild' });
  await imageBubble.getByRole('combobox', { name: c.text.uploaded }).click();
  await page.getByRole('option', { name: 'bild.png' }).click();
  await expect(imageBubble.locator('img')).toHaveAttribute('src', `/media/${image}`);
  await text.getByRole('button', { name: c.text.kinds.delay, exact: true }).click();
  const pause = text.getByRole('group', { name: 'Blase 3: Pause' }).getByLabel(c.text.seconds);
  await expect(pause).toHaveValue('1');
  await pause.fill('1,5');
  await pause.press('Tab');
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[0]!.context).toBe(`Neue Nachricht{{name}}§§image:file:${image}§§#1500#`),
  );
  await expect(first.getByTestId('text-preview').first()).toContainText('Pause 1,5 s');
  // The pause is marked by an SVG icon, not an emoji some fonts lack.
  await expect(first.getByTestId('text-preview').first().locator('svg')).toBeVisible();

  // A value the contract refuses stays at the field with its German message and is not saved.
  const number = rows(page).nth(BLOCK_TYPES.indexOf('number'));
  await number.getByLabel(c.editor.min).fill('5');
  await number.getByLabel(c.editor.min).press('Tab');
  await number.getByLabel(c.editor.max).fill('3');
  await number.getByLabel(c.editor.max).press('Tab');
  await expect(number.getByText('darf nicht kleiner als min sein')).toBeVisible();
  await expectServer(page, session, surveyId, (d) => {
    const block = d.all_questions[BLOCK_TYPES.indexOf('number')]!;
    expect(block.type === 'number' && [block.min, block.max]).toEqual([5, null]);
  });

  // Reorder: the message moves down, swapping with the free-text block.
  dialog = await serverDialog(page, session, surveyId);
  const before = ids(dialog);
  await actions(first).getByRole('button', { name: c.list.moveDown }).click();
  await expectServer(page, session, surveyId, (d) => expect(ids(d).slice(0, 2)).toEqual([openText, message]));
  await expect(rows(page).first()).toHaveAttribute('data-block-id', openText!);

  // Delete the free-text block (now first): it asks first and says no answers are stored.
  await actions(rows(page).first()).getByRole('button', { name: c.list.delete }).click();
  const confirm = page.getByRole('dialog', { name: c.deleteBlock.title_one });
  await expect(confirm).toContainText(c.deleteBlock.none_one);
  await confirm.getByRole('button', { name: c.list.delete }).click();
  await expect(rows(page)).toHaveCount(BLOCK_TYPES.length - 1);
  await expectServer(page, session, surveyId, (d) => expect(ids(d)).not.toContain(openText));

  // Undo: the same block is back at its place; redo deletes it again.
  // The toolbar's buttons (the history panel has its own pair too).
  const undo = page.getByRole('button', { name: c.toolbar.undo, exact: true }).first();
  const redo = page.getByRole('button', { name: c.toolbar.redo, exact: true }).first();
  await undo.click();
  await expect(rows(page)).toHaveCount(BLOCK_TYPES.length);
  await expectServer(page, session, surveyId, (d) => {
    expect(ids(d).slice(0, 2)).toEqual([openText, message]);
    expect(d.all_questions[0]!.variable).toBe('name');
  });
  await redo.click();
  await expect(rows(page)).toHaveCount(BLOCK_TYPES.length - 1);
  await expectServer(page, session, surveyId, (d) => expect(ids(d)).not.toContain(openText));

  // Undo twice: the delete, then the swap.
  await undo.click();
  await expectServer(page, session, surveyId, (d) => expect(ids(d)).toContain(openText));
  await undo.click();
  await expectServer(page, session, surveyId, (d) => expect(ids(d)).toEqual(before));

  // The history lists the changes, newest first; a new change discards what could be redone.
  await page.getByRole('button', { name: c.toolbar.history }).click();
  const entries = page.getByTestId('history-entry');
  // Both undone entries stay in their place, marked.
  await expect(entries.first()).toContainText(c.history.titles.deleted);
  await expect(entries.first()).toContainText(c.history.undone);
  await expect(entries.nth(1)).toContainText(c.history.titles.moved);
  await expect(entries.nth(1)).toContainText(c.history.undone);
  await expect(entries.filter({ hasText: c.history.titles.created })).toHaveCount(BLOCK_TYPES.length);
  await expect(redo).toBeEnabled();
  await actions(rows(page).nth(2)).getByRole('checkbox', { name: c.list.isEnd }).check();
  await expectServer(page, session, surveyId, (d) => expect(d.all_questions[2]!.is_end).toBe(1));
  await expect(redo).toBeDisabled();
  await expect(entries.first()).toContainText(c.history.titles.updated);
  await expect(entries.filter({ hasText: c.history.undone })).toHaveCount(0);
});

test('a failed change is reverted with a notice; a stale one asks to reload and overwrites nothing', async ({
  page,
}) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Konflikte');
  const blockId = await createBlock(page, session, surveyId, 'open_text');
  await page.goto(`/configurator/${surveyId}`);
  const row = rows(page).first();
  await actions(row).getByRole('button', { name: c.list.expand }).click();
  const shortName = row.getByLabel(c.editor.shortName);

  // The server is unreachable for one update: the field goes back and a snackbar says so.
  await page.route('**/api/update_survey_blocks', (route) => route.abort(), { times: 1 });
  await shortName.fill('alter');
  await shortName.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'wurde zurückgenommen' })).toBeVisible();
  await expect(shortName).toHaveValue('');
  expect((await serverDialog(page, session, surveyId)).all_questions[0]!.short_name).toBe('');

  // Somebody else changes the block meanwhile: our next edit is refused (409) and not applied.
  const other = await page.request.post('/api/update_survey_blocks', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      survey_id: surveyId,
      action: 'update',
      unique_question_id: blockId,
      changed_values: { short_name: 'fremd' },
    },
  });
  expect(other.status()).toBe(200);
  await shortName.fill('meins');
  await shortName.press('Tab');
  const popup = page.getByRole('dialog', { name: c.stale.title });
  await expect(popup).toContainText(
    'Dieser Block wurde inzwischen von jemand anderem geändert. Bitte neu laden.',
  );
  expect((await serverDialog(page, session, surveyId)).all_questions[0]!.short_name).toBe('fremd');
  await popup.getByRole('button', { name: c.stale.reload }).click();
  await expect(popup).toBeHidden();
  await expect(shortName).toHaveValue('fremd');
});

test('the list fits a phone: no sideways scrolling, every row action within the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Telefon');
  await createBlock(page, session, surveyId, 'single_choice');
  await createBlock(page, session, surveyId, 'open_text');
  await page.goto(`/configurator/${surveyId}`);
  await expect(rows(page)).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const button of await actions(rows(page).first()).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
});
