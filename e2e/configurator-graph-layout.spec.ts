import { expect, type Page, test } from '@playwright/test';
import { overlapping } from '../contract/test-data.ts';
import { de } from '../web/i18n/de.ts';
import {
  api,
  createBlock,
  createDialog,
  type Session,
  serverDialog,
  signedIn,
} from './configurator-helpers.ts';

/**
 * Graph readability (issue 20): the automatic layout places a dialog with jumps without overlaps,
 * the minimap is there, and fitting a 500-block dialog keeps the node texts readable; of such a dialog
 * only the nodes and edges in view are rendered (issue 23).
 */

const g = de.configurator.graph;

/** A dialog of count blocks, choices and messages in turn; every 4th block jumps ahead or back. */
async function dialogWithJumps(page: Page, session: Session, count: number) {
  const surveyId = await createDialog(page, session, `Graph ${count}`);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await createBlock(page, session, surveyId, i % 3 === 0 ? 'single_choice' : 'message'));
  }
  const update = (id: string, changed_values: object) =>
    api(page, session, '/api/update_survey_blocks', {
      survey_id: surveyId,
      action: 'update',
      unique_question_id: id,
      changed_values,
    });
  for (let i = 0; i + 4 < count; i += 4) {
    // A choice's first option skips ahead (a branch beside the way on); a message loops back.
    if (i % 3 === 0) await update(ids[i]!, { jump_to_ids: [ids[i + 4], null] });
    else await update(ids[i]!, { jump_to_question: ids[Math.max(0, i - 3)] });
  }
  await update(ids[1]!, { jump_to_question: ids[3] });
  return surveyId;
}

const nodeBoxes = (page: Page) =>
  page.locator('.react-flow__node').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-id') ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

/** The smallest rendered font size (px on screen) of the node texts in view. */
const smallestText = (page: Page) =>
  page.locator('.cfg-node-meta, .cfg-node-text, .cfg-node-option, .cfg-marker').evaluateAll((els) => {
    const sizes = els.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const h = (el as HTMLElement).offsetHeight;
      if (h === 0 || r.bottom < 0 || r.top > window.innerHeight) return [];
      return [(parseFloat(getComputedStyle(el).fontSize) * r.height) / h];
    });
    return { count: sizes.length, min: Math.min(...sizes) };
  });

test('auto layout of a 12-block dialog with jumps: no two nodes overlap, the minimap is there', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const session = await signedIn(page);
  const surveyId = await dialogWithJumps(page, session, 12);
  const before = await serverDialog(page, session, surveyId);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/configurator/${surveyId}?view=graph`);
  await expect(page.getByTestId(`rf__node-start_node_${surveyId}`)).toBeVisible();
  await expect(page.getByRole('img', { name: g.minimap })).toBeVisible();

  await page.getByRole('button', { name: g.autoLayout }).click();
  await expect(async () => {
    const after = await serverDialog(page, session, surveyId);
    expect(after.all_questions.map((b) => b.position)).not.toEqual(
      before.all_questions.map((b) => b.position),
    );
  }).toPass({ timeout: 7000 });
  // Uses the width: the branches stand side by side.
  const after = await serverDialog(page, session, surveyId);
  expect(new Set(after.all_questions.map((b) => b.position.x)).size).toBeGreaterThan(1);

  // Zoomed out until every node is drawn (only those in view are), their boxes on screen never meet.
  const zoomOut = page.getByRole('button', { name: g.controls.zoomOut });
  await expect(async () => {
    await zoomOut.click();
    expect(await page.locator('.react-flow__node').count()).toBe(14);
  }).toPass({ timeout: 10_000 });
  const boxes = await nodeBoxes(page);
  expect(boxes).toHaveLength(14);
  expect(overlapping(boxes)).toEqual([]);

  // The option fields in the side panel show their whole text, on a laptop and on a phone.
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: g.controls.fitView }).click();
    await page.getByTestId(`rf__node-${after.all_questions[0]!.unique_question_id}`).click();
    const field = page.getByRole('textbox', { name: de.configurator.editor.option.replace('{{n}}', '1') });
    await expect(field).toHaveValue('Option 1');
    const fit = await field.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.client).toBeGreaterThanOrEqual(fit.scroll);
    expect(fit.client).toBeGreaterThan(120);
  }
});

test('fitting the 500-block dialog keeps the node text readable and shows its start; only what is in view is rendered', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = await signedIn(page);
  const surveyId = await dialogWithJumps(page, session, 500);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/configurator/${surveyId}?view=graph`);
  const start = page.getByTestId(`rf__node-start_node_${surveyId}`);
  await expect(start).toBeVisible();
  // Zoomed far out first, so fitting has to zoom back in.
  const zoomOut = page.getByRole('button', { name: g.controls.zoomOut });
  for (let i = 0; i < 6; i++) await zoomOut.click();
  await page.getByRole('button', { name: g.controls.fitView }).click();
  await expect(start).toBeInViewport();
  await expect(async () => {
    const text = await smallestText(page);
    expect(text.count).toBeGreaterThan(3);
    expect(text.min).toBeGreaterThanOrEqual(8);
  }).toPass({ timeout: 5000 });
  await expect(page.getByRole('img', { name: g.minimap })).toBeVisible();

  // Only the nodes and edges in view are rendered (issue 23): a few of the 501 nodes, each at least
  // partly inside the graph; dragging the canvas renders the ones that come into view instead.
  const shown = await renderedNodes(page);
  expect(shown.length).toBeGreaterThan(3);
  expect(shown.length).toBeLessThan(150);
  expect(shown.filter((n) => !n.inside)).toEqual([]);
  const edges = await page.locator('.react-flow__edge').count();
  expect(edges).toBeGreaterThan(0);
  expect(edges).toBeLessThan(150);
  const empty = await emptyCanvasPoint(page);
  await page.mouse.move(empty.x, empty.y);
  await page.mouse.down();
  await page.mouse.move(empty.x, empty.y - 600, { steps: 10 });
  await page.mouse.up();
  await expect(async () => {
    const after = await renderedNodes(page);
    const before = new Set(shown.map((n) => n.id));
    expect(after.filter((n) => !before.has(n.id)).length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(150);
    expect(after.filter((n) => !n.inside)).toEqual([]);
  }).toPass({ timeout: 5000 });
});

/** The rendered nodes, each with whether it lies at least partly inside the graph's area. */
const renderedNodes = (page: Page) =>
  page.locator('.react-flow__node').evaluateAll((els) => {
    const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
    return els.map((el) => {
      const r = el.getBoundingClientRect();
      const inside = r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
      return { id: el.getAttribute('data-id') ?? '', inside };
    });
  });

/** A point of the graph's area on its bare canvas (a drag there pans instead of moving a node). */
const emptyCanvasPoint = (page: Page) =>
  page.locator('.react-flow').evaluate((flow) => {
    const r = flow.getBoundingClientRect();
    for (let y = r.bottom - 20; y > r.top + 20; y -= 10) {
      for (let x = r.left + 20; x < r.right - 20; x += 10) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    throw new Error('no bare canvas in view');
  });
