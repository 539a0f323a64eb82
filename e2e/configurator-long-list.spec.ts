import { expect, type Page, test } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import { createBlock, createDialog, type Session, serverDialog } from './configurator-helpers.ts';
import { apiLogin, createUser, seedAuthorSession } from './support.ts';

/**
 * The configurator's list with 1,000 blocks (issue 23): only the rows near the window are rendered, and
 * scrolling far, editing, dragging a block across the window's edge, undo, a link to a far block and
 * keyboard navigation work as in a short list.
 */

const c = de.configurator;
const BLOCKS = 1000;
const row = (page: Page, index: number) => page.locator(`[data-testid="block-row"][data-index="${index}"]`);
const actions = (page: Page, index: number) =>
  row(page, index).getByRole('toolbar', { name: c.list.actions });
const ids = (d: Dialog) => d.all_questions.map((b) => b.unique_question_id);

let session: Session & { refresh_token: string };
let surveyId: string;
let blockIds: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  const user = createUser({ firstName: 'Lena', lastName: 'Lang' });
  const tokens = await apiLogin(page.request, user);
  session = { token: tokens.token, refresh_token: tokens.refresh_token, username: user.username };
  surveyId = await createDialog(page, session, 'Tausend Blöcke');
  blockIds = [];
  // Free-text blocks: each has a variable field to edit.
  for (let i = 0; i < BLOCKS; i++) blockIds.push(await createBlock(page, session, surveyId, 'open_text'));
  await page.close();
});

async function open(page: Page) {
  await seedAuthorSession(page, session);
  await page.goto(`/configurator/${surveyId}`);
  await expect(page.getByTestId('block-list')).toHaveAttribute('data-count', String(BLOCKS));
  await expect(row(page, 0)).toBeVisible();
}

/** Polls the server until check passes: writes reach it a moment after the screen changes. */
async function expectServer(page: Page, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

test("a cold open asks the server for the dialog once (the route guard's load is shared)", async ({
  page,
}) => {
  const loads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/dialog' || path === '/api/get_survey_data_configurator') loads.push(path);
  });
  await open(page);
  expect(loads).toEqual(['/api/dialog']);
});

test('scroll to block 900, edit it, drag a block across the window edge, undo', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  // Only the rows near the window exist.
  expect(await page.getByTestId('block-row').count()).toBeLessThan(60);

  // Scrolling with the wheel brings block 900 into view, rendered on the way.
  await page.mouse.move(600, 500);
  await expect(async () => {
    const target = row(page, 899);
    const box = (await target.count()) ? await target.boundingBox() : null;
    if (box) {
      if (box.y < 100 || box.y > 600) await page.mouse.wheel(0, box.y - 400);
    } else {
      const shown = await page
        .getByTestId('block-row')
        .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.index)));
      // About a row's height per row still to go.
      await page.mouse.wheel(0, (899 - shown[Math.floor(shown.length / 2)]!) * 50);
    }
    await expect(target).toBeInViewport({ timeout: 300 });
  }).toPass({ timeout: 30_000 });
  await expect(row(page, 899)).toHaveAccessibleName(/^#900 /);
  await actions(page, 899).getByRole('button', { name: c.list.expand }).click();
  const variable = row(page, 899).getByLabel(c.editor.variable, { exact: true });
  await variable.fill('antwort_900');
  await variable.press('Tab');
  await expectServer(page, (d) => expect(d.all_questions[899]!.variable).toBe('antwort_900'));
  // The row with the keyboard focus stays rendered; without it, a far row leaves the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(row(page, 899)).toHaveCount(1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(row(page, 0)).toBeInViewport();
  await expect(row(page, 899)).toHaveCount(0);

  // Drag block 3 by its handle to the window's bottom edge: the page scrolls until the pointer moves
  // back up, then the block is dropped onto the row under the pointer and the two swap places.
  const viewport = page.viewportSize()!;
  const handle = row(page, 2).getByTestId('drag-handle');
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, viewport.height - 4, { steps: 10 });
  await expect(row(page, 60)).toBeAttached({ timeout: 15_000 });
  await page.mouse.move(box.x + box.width / 2, viewport.height / 2, { steps: 5 });
  const target = await page.evaluate(
    ([x, y]) =>
      Number(document.elementFromPoint(x!, y!)?.closest<HTMLElement>('[data-index]')?.dataset.index),
    [box.x + box.width / 2, viewport.height / 2],
  );
  expect(target).toBeGreaterThan(40);
  await expect(row(page, target)).toHaveClass(/cfg-drag-over/);
  await page.mouse.up();
  const swapped = [...blockIds];
  [swapped[2], swapped[target]] = [swapped[target]!, swapped[2]!];
  await expectServer(page, (d) => expect(ids(d)).toEqual(swapped));
  await expect(row(page, target)).toHaveAttribute('data-block-id', blockIds[2]!);

  // Undo (in the toolbar at the top) swaps them back.
  await page.getByRole('button', { name: c.toolbar.undo, exact: true }).first().click();
  await expectServer(page, (d) => expect(ids(d)).toEqual(blockIds));
  await expect(row(page, 2)).toHaveAttribute('data-block-id', blockIds[2]!);
});

test("a link to a block far down ('?block=', as from 'Prüfen') opens it below the top bar", async ({
  page,
}) => {
  await seedAuthorSession(page, session);
  // On a phone the top bar is taller (the module tabs in a second row) and the rows are measured taller
  // than estimated, so the list corrects its scroll while it gets there.
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/configurator/${surveyId}?block=${blockIds[949]}`);
    await expect(row(page, 949)).toHaveAccessibleName(/^#950 /);
    await expect(row(page, 949).getByTestId('block-editor')).toBeVisible();
    await expect(actions(page, 949)).toBeInViewport({ ratio: 1 });
    // Its head not under the sticky top bar: the point at the head's centre belongs to the row.
    await expect(async () => {
      const box = (await row(page, 949).locator('.cfg-block-head').boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest<HTMLElement>('[data-index]')?.dataset.index,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit).toBe('949');
    }).toPass({ timeout: 5000 });
    expect(await page.getByTestId('block-row').count()).toBeLessThan(60);
  }
});

test('keyboard navigation through the list: arrows, End and Home, Tab into the next rows', async ({
  page,
}) => {
  await open(page);
  const expand = (index: number) => actions(page, index).getByRole('button', { name: c.list.expand });
  await expand(0).focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
  await expect(expand(30)).toBeFocused();
  await expect(expand(30)).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect(expand(29)).toBeFocused();

  // End and Home: the last row, far outside the rendered range, then the first again.
  await page.keyboard.press('End');
  await expect(expand(BLOCKS - 1)).toBeFocused();
  await expect(expand(BLOCKS - 1)).toBeInViewport();
  await expect(row(page, BLOCKS - 1)).toHaveAccessibleName(new RegExp(`^#${BLOCKS} `));
  await page.keyboard.press('Home');
  await expect(expand(0)).toBeFocused();

  // The arrows keep to the same action, here 'Kopieren'; Tab from a row's last action goes on to the
  // next row, which is rendered ahead of the window.
  const copy = (index: number) => actions(page, index).getByRole('button', { name: c.list.copy });
  await copy(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(copy(1)).toBeFocused();
  for (let i = 1; i < 25; i++) {
    await expand(i).focus();
    await page.keyboard.press('Tab');
    await expect(actions(page, i + 1).getByRole('checkbox')).toBeFocused();
  }
  // Enter on the focused expand button opens the editor, as a click does.
  await expand(25).focus();
  await page.keyboard.press('Enter');
  await expect(row(page, 25).getByLabel(c.editor.variable, { exact: true })).toBeVisible();

  // The move buttons keep the focus on the moved block's button.
  await actions(page, 25).getByRole('button', { name: c.list.moveDown }).focus();
  await page.keyboard.press('Enter');
  await expectServer(page, (d) => expect(d.all_questions[26]!.unique_question_id).toBe(blockIds[25]));
  await expect(actions(page, 26).getByRole('button', { name: c.list.moveDown })).toBeFocused();
  await page.keyboard.press('Control+z');
  await expectServer(page, (d) => expect(ids(d)).toEqual(blockIds));
});
